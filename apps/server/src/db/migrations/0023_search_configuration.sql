-- Community search (modules/search): a text-search configuration that folds accents, so "resume" finds
-- "résumé". No stemming: as she types, the last word is matched as a prefix of the words as written
-- ("meditat" finds "meditation", which an English stem, "medit", would not). unaccent is a trusted
-- extension on PostgreSQL 13+ (PGlite loads it from its contrib); where it cannot be created, the
-- configuration is made without it and search still works, only accent-sensitive.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS unaccent;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'unaccent unavailable (%): search will be accent-sensitive', SQLERRM;
END $$;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION lunara_search (COPY = simple);
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_ts_dict WHERE dictname = 'unaccent') THEN
    ALTER TEXT SEARCH CONFIGURATION lunara_search
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
  END IF;
END $$;
--> statement-breakpoint
-- Member search by any part of a name: a trigram index serves lower(display_name) LIKE '%...%' (the
-- search page and Messages' member search). Without pg_trgm the same query reads the table instead.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS profiles_display_name_trgm_idx ON profiles USING gin (lower(display_name) gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm unavailable (%): member search reads the profiles table', SQLERRM;
END $$;
