CREATE TABLE "course_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_modules_course_position_unique" UNIQUE("course_id","position"),
	CONSTRAINT "course_modules_position_positive" CHECK ("course_modules"."position" > 0)
);
--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "estimated_hours" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "access" text DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "sequential" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "cover_media_id" uuid;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "module_id" uuid;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "body_markdown" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "video_media_id" uuid;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "is_free_preview" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "drip_days" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_progress" ADD COLUMN "position_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_progress" ADD COLUMN "last_viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rituals" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rituals" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_module_idx" ON "lessons" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "user_progress_user_viewed_idx" ON "user_progress" USING btree ("user_id","last_viewed_at") WHERE "user_progress"."last_viewed_at" is not null;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_access_check" CHECK ("courses"."access" in ('members', 'free'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_archived_unpublished" CHECK ("courses"."archived_at" is null or not "courses"."is_published");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_drip_days_range" CHECK ("lessons"."drip_days" between 1 and 3650);--> statement-breakpoint
ALTER TABLE "user_progress" ADD CONSTRAINT "user_progress_position_non_negative" CHECK ("user_progress"."position_seconds" >= 0);--> statement-breakpoint
-- Every existing course gets one module holding its lessons, in their order.
INSERT INTO "course_modules" ("course_id", "title", "position") SELECT "id", 'Lessons', 1 FROM "courses";--> statement-breakpoint
UPDATE "lessons" SET "module_id" = m."id" FROM "course_modules" m WHERE m."course_id" = "lessons"."course_id";--> statement-breakpoint
ALTER TABLE "lessons" ALTER COLUMN "module_id" SET NOT NULL;--> statement-breakpoint
-- A lesson's text starts as its description, so every lesson page has something to read.
UPDATE "lessons" SET "body_markdown" = "description" WHERE "body_markdown" = '';--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_cover_media_id_media_files_id_fk" FOREIGN KEY ("cover_media_id") REFERENCES "public"."media_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_video_media_id_media_files_id_fk" FOREIGN KEY ("video_media_id") REFERENCES "public"."media_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- New courses take the next id; the seeded catalog keeps 1 to 5.
CREATE SEQUENCE "courses_id_seq" OWNED BY "courses"."id";--> statement-breakpoint
SELECT setval('courses_id_seq', greatest(5, (SELECT coalesce(max("id"), 0) FROM "courses")));--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "id" SET DEFAULT nextval('courses_id_seq');--> statement-breakpoint
-- New lessons are "{course}-{n}" with n from here, clear of the seeded lessons' 1 to 99.
CREATE SEQUENCE "lesson_number_seq" START WITH 100;--> statement-breakpoint
-- The catalog is the owner's from now on: an install that already has it is never seeded over again.
INSERT INTO "app_settings" ("key", "value") SELECT 'catalog_seeded', 'true' WHERE EXISTS (SELECT 1 FROM "courses") ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "media_files" DROP CONSTRAINT "media_files_kind_check";--> statement-breakpoint
CREATE INDEX "daily_rituals_ritual_idx" ON "daily_rituals" USING btree ("ritual_id");--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_kind_check" CHECK ("media_files"."kind" in ('avatar', 'post_image', 'course_cover', 'lesson_video', 'lesson_file', 'lesson_image'));
