CREATE TABLE "assessment_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"claim_token_hash" text,
	"answers" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "assessment_results_claim_token_hash_unique" UNIQUE("claim_token_hash"),
	CONSTRAINT "assessment_results_owner" CHECK ("assessment_results"."user_id" is not null or "assessment_results"."claim_token_hash" is not null)
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"key" text PRIMARY KEY NOT NULL,
	"definition" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessments_version_positive" CHECK ("assessments"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "assessment_results" ADD CONSTRAINT "assessment_results_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_results_user_idx" ON "assessment_results" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "assessment_results_unclaimed_idx" ON "assessment_results" USING btree ("created_at") WHERE "assessment_results"."user_id" is null;