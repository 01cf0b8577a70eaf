CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"byte_size" bigint,
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('pending', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "former_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "two_factor_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "conversation_mutes" (
	"user_id" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_mutes_pkey" PRIMARY KEY("user_id","conversation_id")
);
--> statement-breakpoint
CREATE TABLE "forum_topic_mutes" (
	"user_id" text NOT NULL,
	"topic_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_topic_mutes_pkey" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "member_blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_blocks_pkey" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "member_blocks_not_self" CHECK ("member_blocks"."blocker_id" <> "member_blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "moderation_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"author_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"reporters_count" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"last_reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_cases_target_type_check" CHECK ("moderation_cases"."target_type" in ('post', 'comment', 'topic', 'reply', 'message', 'profile')),
	CONSTRAINT "moderation_cases_status_check" CHECK ("moderation_cases"."status" in ('open', 'dismissed', 'deleted', 'warned', 'suspended')),
	CONSTRAINT "moderation_cases_reporters_non_negative" CHECK ("moderation_cases"."reporters_count" >= 0),
	CONSTRAINT "moderation_cases_resolved_shape" CHECK (("moderation_cases"."status" = 'open') = ("moderation_cases"."resolved_at" is null))
);
--> statement-breakpoint
CREATE TABLE "moderation_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_reports_case_reporter_unique" UNIQUE("case_id","reporter_id"),
	CONSTRAINT "moderation_reports_reason_check" CHECK ("moderation_reports"."reason" in ('spam', 'harassment', 'hate', 'self_harm', 'other')),
	CONSTRAINT "moderation_reports_note_length" CHECK ("moderation_reports"."note" is null or char_length("moderation_reports"."note") <= 1000),
	CONSTRAINT "moderation_reports_other_has_note" CHECK ("moderation_reports"."reason" <> 'other' or "moderation_reports"."note" is not null)
);
--> statement-breakpoint
CREATE TABLE "suspensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text NOT NULL,
	"reason" text NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	"case_id" uuid,
	CONSTRAINT "suspensions_reason_length" CHECK (char_length("suspensions"."reason") between 1 and 500),
	CONSTRAINT "suspensions_lifted_by_needs_lifted_at" CHECK ("suspensions"."lifted_by" is null or "suspensions"."lifted_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "former_members" ADD CONSTRAINT "former_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_mutes" ADD CONSTRAINT "conversation_mutes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_mutes" ADD CONSTRAINT "conversation_mutes_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topic_mutes" ADD CONSTRAINT "forum_topic_mutes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topic_mutes" ADD CONSTRAINT "forum_topic_mutes_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_blocker_id_user_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_blocked_id_user_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspensions" ADD CONSTRAINT "suspensions_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspensions" ADD CONSTRAINT "suspensions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspensions" ADD CONSTRAINT "suspensions_lifted_by_user_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_pending_idx" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "data_exports_user_requested_idx" ON "data_exports" USING btree ("user_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_exports_pending_idx" ON "data_exports" USING btree ("next_attempt_at") WHERE "data_exports"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "data_exports_expires_idx" ON "data_exports" USING btree ("expires_at") WHERE "data_exports"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "member_blocks_blocked_idx" ON "member_blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
CREATE INDEX "member_blocks_blocker_created_idx" ON "member_blocks" USING btree ("blocker_id","created_at" DESC NULLS LAST,"blocked_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_open_target_idx" ON "moderation_cases" USING btree ("target_type","target_id") WHERE "moderation_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_cases_open_queue_idx" ON "moderation_cases" USING btree ("created_at","id") WHERE "moderation_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_cases_author_idx" ON "moderation_cases" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "moderation_cases_resolved_by_idx" ON "moderation_cases" USING btree ("resolved_by");--> statement-breakpoint
CREATE INDEX "moderation_reports_case_created_idx" ON "moderation_reports" USING btree ("case_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_reports_reporter_idx" ON "moderation_reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "suspensions_member_unlifted_idx" ON "suspensions" USING btree ("member_id","ends_at") WHERE "suspensions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "suspensions_member_created_idx" ON "suspensions" USING btree ("member_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);