CREATE TABLE "email_templates" (
	"key" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_key_check" CHECK ("email_templates"."key" in ('welcome', 'password_reset', 'subscription_started')),
	CONSTRAINT "email_templates_subject_length" CHECK (char_length("email_templates"."subject") <= 200),
	CONSTRAINT "email_templates_body_length" CHECK (char_length("email_templates"."body") <= 10000)
);
--> statement-breakpoint
CREATE TABLE "subscription_started_notices" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_started_notices" ADD CONSTRAINT "subscription_started_notices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_started_notices" ADD CONSTRAINT "subscription_started_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_started_notices_pending_idx" ON "subscription_started_notices" USING btree ("created_at") WHERE "subscription_started_notices"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "user_email_lower_prefix_idx" ON "user" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
-- "Your membership has started", once per subscription, whichever code path wrote the row.
CREATE FUNCTION lunara_subscription_started() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscription_started_notices (subscription_id, user_id)
  VALUES (NEW.id, NEW.user_id)
  ON CONFLICT (subscription_id) DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER subscriptions_started_notice
AFTER INSERT OR UPDATE OF status ON subscriptions
FOR EACH ROW WHEN (NEW.status IN ('active', 'trialing'))
EXECUTE FUNCTION lunara_subscription_started();--> statement-breakpoint
-- Memberships that started before this migration were welcomed already: nothing to send for them.
INSERT INTO subscription_started_notices (subscription_id, user_id, created_at, sent_at)
SELECT id, user_id, now(), now() FROM subscriptions
ON CONFLICT (subscription_id) DO NOTHING;
