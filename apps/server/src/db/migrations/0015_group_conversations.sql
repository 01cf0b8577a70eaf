CREATE TABLE "conversation_members" (
	"conversation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "conversation_members_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "participant_a" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "participant_b" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "recipient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "kind" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "conversation_kind" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_current_idx" ON "conversation_members" USING btree ("user_id","conversation_id") WHERE "conversation_members"."left_at" is null;--> statement-breakpoint
-- The unique key first: the foreign key below needs it.
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_id_kind_unique" UNIQUE("id","kind");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_kind_fk" FOREIGN KEY ("conversation_id","conversation_kind") REFERENCES "public"."conversations"("id","kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_kind_check" CHECK ("conversations"."kind" in ('direct', 'group'));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_kind_shape" CHECK (("conversations"."kind" = 'direct' and "conversations"."participant_a" is not null and "conversations"."participant_b" is not null and "conversations"."title" is null)
        or ("conversations"."kind" = 'group' and "conversations"."participant_a" is null and "conversations"."participant_b" is null
            and "conversations"."title" is not null and char_length(btrim("conversations"."title")) between 1 and 120));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_by_kind" CHECK (("messages"."conversation_kind" = 'direct') = ("messages"."recipient_id" is not null));