-- Every account gets its profile and its role in the same transaction as the account itself,
-- whichever code path creates the user row (sign-up, CLI, seed): a trigger cannot be skipped.
CREATE OR REPLACE FUNCTION lunara_create_account_defaults() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "profiles" ("id", "display_name")
  VALUES (NEW."id", left(coalesce(nullif(split_part(NEW."email", '@', 1), ''), 'Sister'), 80))
  ON CONFLICT ("id") DO NOTHING;
  INSERT INTO "user_roles" ("user_id", "role")
  VALUES (NEW."id", 'user')
  ON CONFLICT ("user_id") DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "user_account_defaults"
AFTER INSERT ON "user"
FOR EACH ROW EXECUTE FUNCTION lunara_create_account_defaults();
