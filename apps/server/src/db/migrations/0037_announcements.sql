CREATE TABLE "announcement_deliveries" (
	"announcement_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"outbox_id" uuid,
	"skip_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_deliveries_pkey" PRIMARY KEY("announcement_id","user_id"),
	CONSTRAINT "announcement_deliveries_skip_reason_check" CHECK ("announcement_deliveries"."skip_reason" in ('email_off', 'unsubscribed', 'suspended', 'lapsed', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "announcement_dismissals" (
	"announcement_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_dismissals_pkey" PRIMARY KEY("user_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"circle_id" uuid,
	"content_hash" text NOT NULL,
	"is_pinned" boolean DEFAULT true NOT NULL,
	"send_email" boolean NOT NULL,
	"email_status" text NOT NULL,
	"email_cursor" text,
	"email_queued" integer DEFAULT 0 NOT NULL,
	"email_skipped" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_audience_check" CHECK ("announcements"."audience" in ('all', 'paying', 'circle')),
	CONSTRAINT "announcements_email_status_check" CHECK ("announcements"."email_status" in ('off', 'sending', 'done')),
	CONSTRAINT "announcements_circle_check" CHECK (("announcements"."audience" = 'circle') = ("announcements"."circle_id" is not null)),
	CONSTRAINT "announcements_email_check" CHECK ("announcements"."send_email" or "announcements"."email_status" = 'off')
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "announcement_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "announcement_deliveries" ADD CONSTRAINT "announcement_deliveries_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_deliveries" ADD CONSTRAINT "announcement_deliveries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_deliveries" ADD CONSTRAINT "announcement_deliveries_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_dismissals" ADD CONSTRAINT "announcement_dismissals_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_dismissals" ADD CONSTRAINT "announcement_dismissals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_deliveries_user_idx" ON "announcement_deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "announcement_dismissals_announcement_idx" ON "announcement_dismissals" USING btree ("announcement_id");--> statement-breakpoint
CREATE INDEX "announcements_created_idx" ON "announcements" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "announcements_pinned_idx" ON "announcements" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "announcements"."is_pinned";--> statement-breakpoint
CREATE INDEX "announcements_sending_idx" ON "announcements" USING btree ("created_at") WHERE "announcements"."email_status" = 'sending';--> statement-breakpoint
CREATE INDEX "announcements_author_hash_idx" ON "announcements" USING btree ("author_id","content_hash","created_at");