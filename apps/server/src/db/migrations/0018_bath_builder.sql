CREATE TABLE "bath_ingredients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"properties" text NOT NULL,
	"amount" text NOT NULL,
	"caution" text DEFAULT '' NOT NULL,
	"caution_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"intentions" text[] NOT NULL,
	"moon_phases" text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bath_ingredients_name_unique" UNIQUE("name"),
	CONSTRAINT "bath_ingredients_kind_check" CHECK ("bath_ingredients"."kind" in ('salt', 'herb', 'flower', 'oil', 'crystal')),
	CONSTRAINT "bath_ingredients_caution_tags_check" CHECK ("bath_ingredients"."caution_tags" <@ array['skin_sensitising', 'pregnancy', 'water_sensitive']::text[]),
	CONSTRAINT "bath_ingredients_intentions_check" CHECK ("bath_ingredients"."intentions" <@ array['release', 'love', 'protection', 'abundance', 'clarity', 'rest']::text[]),
	CONSTRAINT "bath_ingredients_moon_phases_check" CHECK ("bath_ingredients"."moon_phases" <@ array['new_moon', 'waxing_crescent', 'first_quarter', 'waxing_gibbous', 'full_moon', 'waning_gibbous', 'last_quarter', 'waning_crescent']::text[])
);
--> statement-breakpoint
CREATE TABLE "saved_baths" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"ritual_id" uuid NOT NULL,
	"intention" text NOT NULL,
	"moon_phase" text NOT NULL,
	"recipe" jsonb NOT NULL,
	"shared_post_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_baths_ritual_id_unique" UNIQUE("ritual_id"),
	CONSTRAINT "saved_baths_intention_check" CHECK ("saved_baths"."intention" in ('release', 'love', 'protection', 'abundance', 'clarity', 'rest')),
	CONSTRAINT "saved_baths_moon_phase_check" CHECK ("saved_baths"."moon_phase" in ('new_moon', 'waxing_crescent', 'first_quarter', 'waxing_gibbous', 'full_moon', 'waning_gibbous', 'last_quarter', 'waning_crescent'))
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "saved_baths" ADD CONSTRAINT "saved_baths_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_baths" ADD CONSTRAINT "saved_baths_ritual_id_rituals_id_fk" FOREIGN KEY ("ritual_id") REFERENCES "public"."rituals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_baths" ADD CONSTRAINT "saved_baths_shared_post_id_posts_id_fk" FOREIGN KEY ("shared_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bath_ingredients_kind_name_idx" ON "bath_ingredients" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "saved_baths_user_created_idx" ON "saved_baths" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_baths_shared_post_idx" ON "saved_baths" USING btree ("shared_post_id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_slug_unique" UNIQUE("slug");--> statement-breakpoint
-- The bath builder's course on installs that have the seeded catalog; a new install's seed sets it.
UPDATE "courses" SET "slug" = 'spiritual-baths' WHERE "id" = 5 AND "title" = 'Spiritual Baths';--> statement-breakpoint
-- The starting ingredient catalog, once (the table is new here); from now on it is the owner's to edit.
INSERT INTO "bath_ingredients" ("kind", "name", "properties", "amount", "caution", "caution_tags", "intentions", "moon_phases") VALUES
('salt', 'Epsom salt', 'Magnesium sulphate: a warm soak with it eases tired muscles and invites the body to let go.', '2 cups', '', '{}', ARRAY['release','rest'], ARRAY['full_moon','waning_gibbous','last_quarter','waning_crescent','new_moon']),
('salt', 'Himalayan pink salt', 'A mineral-rich rock salt, traditionally used to cleanse and rebalance your energy.', '1 cup', '', '{}', ARRAY['release','protection','clarity'], ARRAY['new_moon','first_quarter','full_moon','last_quarter']),
('salt', 'Dead Sea salt', 'A salt rich in magnesium and potassium, for deep cleansing and renewal.', '1 cup', 'It can sting broken or freshly shaved skin.', '{}', ARRAY['release','clarity'], ARRAY['full_moon','waning_gibbous','last_quarter']),
('salt', 'Sea salt', 'The simplest cleansing salt, long used to clear the old and seal protection.', '1 cup', '', '{}', ARRAY['protection','release'], ARRAY['new_moon','waning_crescent','last_quarter','first_quarter']),
('herb', 'Rosemary', 'A herb of remembrance and protection that brightens the mind.', 'a small handful, fresh or dried', '', '{}', ARRAY['clarity','protection'], ARRAY['waxing_crescent','first_quarter','waxing_gibbous']),
('herb', 'Mugwort', 'A dreaming herb, traditionally used for intuition and to clear the way for insight.', '2 tablespoons, dried', '', ARRAY['pregnancy'], ARRAY['clarity','release'], ARRAY['full_moon','waning_crescent','new_moon']),
('herb', 'Bay leaves', 'Leaves of victory and wishes: write an intention on one before it goes in.', '3 leaves', '', '{}', ARRAY['abundance','protection'], ARRAY['waxing_crescent','first_quarter','waxing_gibbous']),
('herb', 'Basil', 'A green herb of prosperity and courage.', 'a small handful of fresh leaves', '', '{}', ARRAY['abundance','love'], ARRAY['waxing_crescent','waxing_gibbous','full_moon']),
('herb', 'Peppermint leaves', 'A cooling, awakening herb that clears a heavy head.', 'a small handful, dried', 'It can feel cold and tingly on sensitive skin.', '{}', ARRAY['clarity'], ARRAY['first_quarter','waxing_gibbous','new_moon']),
('flower', 'Lavender buds', 'Calming and soothing: the classic flower of rest and peace.', '2 tablespoons, dried', '', '{}', ARRAY['rest','release','love'], ARRAY['waning_gibbous','last_quarter','waning_crescent','new_moon','full_moon']),
('flower', 'Rose petals', 'The flower of the heart: self-love, tenderness and romance.', 'a handful', '', '{}', ARRAY['love','abundance'], ARRAY['waxing_crescent','waxing_gibbous','full_moon']),
('flower', 'Chamomile flowers', 'Gentle and sunny: comfort, sleep and a softened heart.', '2 tablespoons, dried', 'Leave it out if you are allergic to ragweed or daisies.', '{}', ARRAY['rest','love'], ARRAY['waning_gibbous','last_quarter','waning_crescent']),
('flower', 'Calendula', 'Marigold petals, traditionally used for warmth, protection and gentle renewal.', '2 tablespoons, dried', 'Leave it out if you are allergic to marigolds or daisies.', '{}', ARRAY['protection','release'], ARRAY['first_quarter','full_moon','last_quarter']),
('flower', 'Jasmine flowers', 'A night-blooming flower of sensuality, dreams and attraction.', '1 tablespoon, dried', '', '{}', ARRAY['love','abundance'], ARRAY['full_moon','waxing_gibbous','new_moon']),
('oil', 'Lavender oil', 'Essential oil of lavender: relaxing, a gentle first oil for baths.', '4 drops', '', '{}', ARRAY['rest','release','love'], ARRAY['waning_gibbous','last_quarter','waning_crescent','new_moon','full_moon']),
('oil', 'Eucalyptus oil', 'A fresh, clearing scent that opens the breath.', '3 drops', 'Keep it away from the faces of babies and young children.', ARRAY['skin_sensitising'], ARRAY['clarity','protection'], ARRAY['first_quarter','waxing_gibbous','last_quarter']),
('oil', 'Clary sage oil', 'A warm, musky oil traditionally used to calm and to ease tension.', '3 drops', '', ARRAY['pregnancy'], ARRAY['release','rest','clarity'], ARRAY['full_moon','waning_gibbous','waning_crescent']),
('oil', 'Cinnamon bark oil', 'A warming oil of attraction and prosperity.', '1 drop', 'One of the strongest skin irritants among essential oils: one drop, well diluted, or leave it out.', ARRAY['skin_sensitising'], ARRAY['abundance','love'], ARRAY['waxing_crescent','waxing_gibbous']),
('oil', 'Clove oil', 'A spicy, protective oil, traditionally used to banish and to guard.', '1 drop', 'A strong skin irritant: one drop, well diluted, or leave it out.', ARRAY['skin_sensitising'], ARRAY['protection','abundance'], ARRAY['last_quarter','waning_crescent','first_quarter']),
('oil', 'Oregano oil', 'A fierce herbal oil of strength and protection.', '1 drop', 'Very strong on the skin: many aromatherapists leave it out of baths altogether.', ARRAY['skin_sensitising'], ARRAY['protection'], ARRAY['last_quarter','waning_crescent']),
('crystal', 'Rose quartz', 'The stone of unconditional love and self-compassion.', '1 stone', '', '{}', ARRAY['love','rest'], ARRAY['new_moon','waxing_crescent','first_quarter','waxing_gibbous','full_moon','waning_gibbous','last_quarter','waning_crescent']),
('crystal', 'Amethyst', 'A calming stone of intuition, peace and restful sleep.', '1 stone', 'Long sunlight fades its colour; a soak is fine.', '{}', ARRAY['clarity','rest','protection'], ARRAY['new_moon','full_moon','waning_gibbous','waning_crescent']),
('crystal', 'Clear quartz', 'The master healer: amplifies whatever intention you give it.', '1 stone', '', '{}', ARRAY['clarity','abundance','release','protection','love','rest'], ARRAY['new_moon','waxing_crescent','first_quarter','waxing_gibbous','full_moon','waning_gibbous','last_quarter','waning_crescent']),
('crystal', 'Selenite', 'A luminous stone of cleansing and higher guidance.', '1 wand', 'Do not soak: selenite is water-sensitive and dissolves. Keep it beside the bath.', ARRAY['water_sensitive'], ARRAY['clarity','release','protection'], ARRAY['full_moon','new_moon','waning_gibbous']),
('crystal', 'Black tourmaline', 'A grounding stone that is traditionally used to shield and protect.', '1 stone', '', '{}', ARRAY['protection','release'], ARRAY['last_quarter','waning_crescent','new_moon']);
