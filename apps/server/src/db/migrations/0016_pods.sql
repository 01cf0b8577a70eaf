CREATE TABLE "pod_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pod_id" uuid NOT NULL,
	"title" text NOT NULL,
	"is_done" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pod_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pod_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"meeting_link" text,
	"location" text,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pod_meetings_duration_positive" CHECK ("pod_meetings"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "pod_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pod_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pod_memberships_pod_user_unique" UNIQUE("pod_id","user_id"),
	CONSTRAINT "pod_memberships_status_check" CHECK ("pod_memberships"."status" in ('pending', 'accepted', 'declined')),
	CONSTRAINT "pod_memberships_role_check" CHECK ("pod_memberships"."role" in ('mentor', 'member')),
	CONSTRAINT "pod_memberships_mentor_accepted" CHECK ("pod_memberships"."role" = 'member' or "pod_memberships"."status" = 'accepted'),
	CONSTRAINT "pod_memberships_note_length" CHECK (char_length("pod_memberships"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "pods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"focus" text NOT NULL,
	"capacity" integer NOT NULL,
	"mentor_id" text,
	"conversation_id" uuid,
	"is_open" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pods_capacity_range" CHECK ("pods"."capacity" between 2 and 8)
);
--> statement-breakpoint
ALTER TABLE "pod_goals" ADD CONSTRAINT "pod_goals_pod_id_pods_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."pods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_goals" ADD CONSTRAINT "pod_goals_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_meetings" ADD CONSTRAINT "pod_meetings_pod_id_pods_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."pods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_meetings" ADD CONSTRAINT "pod_meetings_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_memberships" ADD CONSTRAINT "pod_memberships_pod_id_pods_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."pods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_memberships" ADD CONSTRAINT "pod_memberships_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_memberships" ADD CONSTRAINT "pod_memberships_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pods" ADD CONSTRAINT "pods_mentor_id_user_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pods" ADD CONSTRAINT "pods_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pods" ADD CONSTRAINT "pods_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pod_goals_pod_idx" ON "pod_goals" USING btree ("pod_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pod_meetings_pod_upcoming_idx" ON "pod_meetings" USING btree ("pod_id","starts_at") WHERE "pod_meetings"."is_cancelled" = false;--> statement-breakpoint
CREATE INDEX "pod_memberships_user_idx" ON "pod_memberships" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "pod_memberships_pod_status_idx" ON "pod_memberships" USING btree ("pod_id","status","created_at");--> statement-breakpoint
CREATE INDEX "pods_open_created_idx" ON "pods" USING btree ("is_open","created_at" DESC NULLS FIRST);