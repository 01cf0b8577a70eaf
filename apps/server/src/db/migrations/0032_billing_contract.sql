CREATE TABLE "membership_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"subscription_id" text,
	"reason" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_cancellations_reason_check" CHECK ("membership_cancellations"."reason" in ('too_expensive', 'not_using', 'missing_features', 'technical_issues', 'found_alternative', 'other')),
	CONSTRAINT "membership_cancellations_note_length" CHECK (char_length("membership_cancellations"."note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "billing_customers" DROP CONSTRAINT "billing_customers_provider_check";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_provider_check";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "plan_interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "discount" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "discount_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership_cancellations" ADD CONSTRAINT "membership_cancellations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_cancellations_created_idx" ON "membership_cancellations" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_provider_check" CHECK ("billing_customers"."provider" in ('test', 'stripe', 'complimentary'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_interval_check" CHECK ("subscriptions"."plan_interval" in ('month', 'year'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_provider_check" CHECK ("subscriptions"."provider" in ('test', 'stripe', 'complimentary'));--> statement-breakpoint
-- Memberships from before plans were configurable were all on the spec's monthly $55.
UPDATE "subscriptions" SET "amount_cents" = 5500 WHERE "provider" in ('test', 'stripe') AND "amount_cents" IS NULL;
