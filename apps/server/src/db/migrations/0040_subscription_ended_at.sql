ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
-- 0034's index of the same name served churn on updated_at; churn now reads ended_at.
DROP INDEX IF EXISTS "subscriptions_ended_idx";--> statement-breakpoint
CREATE INDEX "subscriptions_ended_idx" ON "subscriptions" USING btree ("ended_at") WHERE "subscriptions"."ended_at" is not null;--> statement-breakpoint
-- Memberships that have ended already: their last change is the best record of when.
UPDATE "subscriptions" SET "ended_at" = "updated_at" WHERE "status" in ('canceled', 'unpaid', 'incomplete_expired');--> statement-breakpoint
CREATE FUNCTION lunara_subscription_ended_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status in ('canceled', 'unpaid', 'incomplete_expired') THEN
    -- Entering an ended status stamps the time, unless the statement gave one; staying ended keeps it.
    IF TG_OP = 'INSERT' OR OLD.status not in ('canceled', 'unpaid', 'incomplete_expired') THEN
      NEW.ended_at := coalesce(NEW.ended_at, now());
    END IF;
  ELSE
    NEW.ended_at := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER subscriptions_ended_at BEFORE INSERT OR UPDATE OF status ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION lunara_subscription_ended_at();
