CREATE TABLE "forum_category_reads" (
	"user_id" text NOT NULL,
	"category_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_category_reads_pkey" PRIMARY KEY("user_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "forum_category_reads" ADD CONSTRAINT "forum_category_reads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_category_reads" ADD CONSTRAINT "forum_category_reads_category_id_forum_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."forum_categories"("id") ON DELETE cascade ON UPDATE no action;