ALTER TABLE "daily_rituals" DROP CONSTRAINT "daily_rituals_ritual_id_rituals_id_fk";
--> statement-breakpoint
ALTER TABLE "daily_rituals" ALTER COLUMN "ritual_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_rituals" ADD COLUMN "kept_title" text;--> statement-breakpoint
ALTER TABLE "daily_rituals" ADD CONSTRAINT "daily_rituals_ritual_id_rituals_id_fk" FOREIGN KEY ("ritual_id") REFERENCES "public"."rituals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_rituals_user_phase_completed_idx" ON "daily_rituals" USING btree ("user_id","moon_phase","completed_at");--> statement-breakpoint
CREATE INDEX "daily_rituals_user_streak_idx" ON "daily_rituals" USING btree ("user_id","streak_count");