CREATE TABLE "media_deletions" (
	"media_id" uuid PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"content_type" text DEFAULT 'application/octet-stream' NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"byte_size" bigint DEFAULT 0 NOT NULL,
	"width" integer,
	"height" integer,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"post_id" uuid,
	"position" smallint,
	"alt" text DEFAULT '' NOT NULL,
	"course_id" integer,
	"lesson_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_post_position_unique" UNIQUE("post_id","position"),
	CONSTRAINT "media_files_kind_check" CHECK ("media_files"."kind" in ('avatar', 'post_image', 'course_cover', 'lesson_video', 'lesson_file')),
	CONSTRAINT "media_files_status_check" CHECK ("media_files"."status" in ('uploading', 'ready')),
	CONSTRAINT "media_files_byte_size_non_negative" CHECK ("media_files"."byte_size" >= 0),
	CONSTRAINT "media_files_post_image_only" CHECK ("media_files"."post_id" is null or ("media_files"."kind" = 'post_image' and "media_files"."position" between 0 and 3))
);
--> statement-breakpoint
CREATE TABLE "media_totals" (
	"kind" text PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"files" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_storage" (
	"user_id" text PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"files" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_storage" ADD CONSTRAINT "member_storage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_deletions_next_attempt_idx" ON "media_deletions" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "media_files_owner_idx" ON "media_files" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "media_files_course_idx" ON "media_files" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "media_files_lesson_idx" ON "media_files" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "media_files_unfinished_idx" ON "media_files" USING btree ("created_at") WHERE "media_files"."status" = 'uploading';--> statement-breakpoint
CREATE INDEX "media_files_unattached_idx" ON "media_files" USING btree ("created_at") WHERE "media_files"."kind" = 'post_image' and "media_files"."post_id" is null;--> statement-breakpoint
CREATE INDEX "member_storage_bytes_idx" ON "member_storage" USING btree ("bytes" DESC NULLS LAST,"user_id");--> statement-breakpoint
INSERT INTO "media_totals" ("kind") VALUES ('avatar'), ('post_image'), ('course_cover'), ('lesson_video'), ('lesson_file');
--> statement-breakpoint
-- A file's row is the record of what storage holds under its id: however the row goes (by itself, or
-- with its post, lesson, course or account), its objects are queued for deletion in the same
-- transaction, and the housekeeping job deletes them from storage.
CREATE FUNCTION lunara_media_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO media_deletions (media_id) VALUES (OLD.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER media_files_deleted AFTER DELETE ON media_files
FOR EACH ROW EXECUTE FUNCTION lunara_media_deleted();
--> statement-breakpoint
-- Each member's and each kind's stored bytes and files, moved by every change, so admins read them
-- without summing the table. A deleted account's row is gone with it (its files' deletes update nothing).
CREATE FUNCTION lunara_media_account() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  delta_bytes bigint;
  delta_files integer;
  row_owner text;
  row_kind text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    delta_bytes := NEW.byte_size; delta_files := 1; row_owner := NEW.owner_id; row_kind := NEW.kind;
  ELSIF TG_OP = 'DELETE' THEN
    delta_bytes := -OLD.byte_size; delta_files := -1; row_owner := OLD.owner_id; row_kind := OLD.kind;
  ELSE
    delta_bytes := NEW.byte_size - OLD.byte_size; delta_files := 0; row_owner := NEW.owner_id; row_kind := NEW.kind;
  END IF;
  IF delta_bytes = 0 AND delta_files = 0 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_storage (user_id, bytes, files) VALUES (row_owner, delta_bytes, delta_files)
    ON CONFLICT (user_id) DO UPDATE
      SET bytes = member_storage.bytes + excluded.bytes, files = member_storage.files + excluded.files;
  ELSE
    UPDATE member_storage SET bytes = bytes + delta_bytes, files = files + delta_files WHERE user_id = row_owner;
  END IF;
  UPDATE media_totals SET bytes = bytes + delta_bytes, files = files + delta_files WHERE kind = row_kind;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER media_files_account AFTER INSERT OR DELETE OR UPDATE OF byte_size ON media_files
FOR EACH ROW EXECUTE FUNCTION lunara_media_account();
