CREATE TABLE "bookmarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"post_id" uuid,
	"topic_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_user_post_unique" UNIQUE("user_id","post_id"),
	CONSTRAINT "bookmarks_user_topic_unique" UNIQUE("user_id","topic_id"),
	CONSTRAINT "bookmarks_kind_check" CHECK ("bookmarks"."kind" in ('post', 'topic')),
	CONSTRAINT "bookmarks_one_item" CHECK (("bookmarks"."kind" = 'post' and "bookmarks"."post_id" is not null and "bookmarks"."topic_id" is null) or ("bookmarks"."kind" = 'topic' and "bookmarks"."topic_id" is not null and "bookmarks"."post_id" is null))
);
--> statement-breakpoint
CREATE TABLE "post_reaction_counts" (
	"post_id" uuid NOT NULL,
	"reaction" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "post_reaction_counts_pkey" PRIMARY KEY("post_id","reaction"),
	CONSTRAINT "post_reaction_counts_non_negative" CHECK ("post_reaction_counts"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "post_reactions" (
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"reaction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_reactions_pkey" PRIMARY KEY("post_id","user_id","reaction"),
	CONSTRAINT "post_reactions_reaction_check" CHECK ("post_reactions"."reaction" in ('heart', 'moon', 'sparkles', 'hug', 'fire'))
);
--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reaction_counts" ADD CONSTRAINT "post_reaction_counts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reactions" ADD CONSTRAINT "post_reactions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reactions" ADD CONSTRAINT "post_reactions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmarks_user_created_idx" ON "bookmarks" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookmarks_post_idx" ON "bookmarks" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "bookmarks_topic_idx" ON "bookmarks" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "post_reactions_list_idx" ON "post_reactions" USING btree ("post_id","reaction","created_at" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_reactions_user_idx" ON "post_reactions" USING btree ("user_id");