CREATE TABLE "tag_slug_aliases" (
	"slug" text PRIMARY KEY NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tag_slug_aliases" ADD CONSTRAINT "tag_slug_aliases_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A tag's address in its own Arabic words (the same rule as tagSlug in src/shared/arabic.ts; a test keeps them
-- equal): diacritics and tatweel dropped, lower case, every run of other characters one hyphen, none at the ends.
CREATE OR REPLACE FUNCTION sahifa_tag_slug(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT trim(both '-' from regexp_replace(lower(regexp_replace(input, '[ـً-ْٰ]', '', 'g')), '[^[:alnum:]]+', '-', 'g'))
$$;
--> statement-breakpoint
-- Every tag's former (transliterated) address keeps working: it is kept as an alias, answered with a 301.
INSERT INTO "tag_slug_aliases" ("slug", "tag_id") SELECT "slug", "id" FROM "tags" ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Out of the way first (slugs are unique), then the new addresses; two tags whose names give the same address (a
-- rare spelling variant kept apart) are told apart by the later one's id.
UPDATE "tags" SET "slug" = "slug" || '~' || "id";
--> statement-breakpoint
UPDATE "tags" t SET "slug" = s.slug
FROM (
  SELECT id, base || CASE WHEN row_number() OVER (PARTITION BY base ORDER BY id) > 1 THEN '-' || id ELSE '' END AS slug
  FROM (SELECT id, coalesce(nullif(sahifa_tag_slug(name), ''), 'وسم') AS base FROM "tags") b
) s
WHERE s.id = t.id;
--> statement-breakpoint
-- An alias equal to a tag's address now (a Latin name that was already its own slug) is not needed.
DELETE FROM "tag_slug_aliases" a USING "tags" t WHERE a."slug" = t."slug";
