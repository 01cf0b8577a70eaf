CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"dimension" text DEFAULT '' NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "analytics_daily_metric_dimension_day_pk" PRIMARY KEY("metric","dimension","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_days" (
	"day" date PRIMARY KEY NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_member_days" (
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "analytics_member_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_member_days" ADD CONSTRAINT "analytics_member_days_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_daily_day_idx" ON "analytics_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_member_days_user_idx" ON "analytics_member_days" USING btree ("user_id","day");--> statement-breakpoint
-- Hand-written: the analytics job counts one day of each table at a time (modules/analytics), so each
-- count reads an index range of that day, never the whole table.
CREATE INDEX "messages_created_at_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "daily_rituals_completed_at_idx" ON "daily_rituals" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "user_progress_completed_at_idx" ON "user_progress" USING btree ("completed_at") WHERE "completed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_created_at_idx" ON "subscriptions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_ended_idx" ON "subscriptions" USING btree ("updated_at") WHERE "status" in ('canceled', 'unpaid', 'incomplete_expired');
