ALTER TABLE "news" ADD COLUMN "submitted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "submitted_by" integer;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_submitted_by_admins_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written, before the unique indexes (drizzle-kit cannot express data changes). A newsroom database may hold
-- duplicates the new indexes refuse; they are renamed, never deleted, and each renaming is in the audit log (by
-- "system"), so the admins see what changed and why:
-- * a second (third…) account with the same e-mail, whatever its letter case, keeps its account and gets the address
--   with "+dup<id>" before the "@" (plus-addressing still reaches the same mailbox at most providers); the oldest
--   account (lowest id) keeps the address as it was;
-- * a second (third…) section whose name reads the same (Arabic folding, spacing, the definite article, letter
--   case: the key of categories_name_key) gets its slug in brackets after its name ("اقتصاد (economy-2)"); the one
--   first in the menu keeps its name.
WITH ranked AS (
  SELECT "id", "email", row_number() OVER (PARTITION BY lower("email") ORDER BY "id") AS n FROM "admins"
), changed AS (
  UPDATE "admins" a SET "email" = CASE
      WHEN strpos(r."email", '@') > 0
        THEN substr(r."email", 1, strpos(r."email", '@') - 1) || '+dup' || a."id" || substr(r."email", strpos(r."email", '@'))
      ELSE r."email" || '+dup' || a."id" END,
    "updated_at" = now()
  FROM ranked r WHERE r."id" = a."id" AND r.n > 1
  RETURNING a."id", r."email" AS old_email, a."email" AS new_email
)
INSERT INTO "audit_log" ("admin_id", "admin_username", "action", "entity", "entity_id", "details")
SELECT NULL, 'system', 'update', 'admin', "id"::text,
  jsonb_build_object('email', jsonb_build_object('from', old_email, 'to', new_email), 'reason', 'duplicate')
FROM changed;--> statement-breakpoint
WITH ranked AS (
  SELECT "id", "name", "slug", row_number() OVER (
    PARTITION BY lower(regexp_replace(regexp_replace(sahifa_normalize(btrim("name")), '[[:space:]]+', ' ', 'g'),
      '(^| )ال(?=[^ ]{2})', '\1', 'g'))
    ORDER BY "position", "id") AS n
  FROM "categories"
), changed AS (
  UPDATE "categories" c SET "name" = r."name" || ' (' || r."slug" || ')'
  FROM ranked r WHERE r."id" = c."id" AND r.n > 1
  RETURNING c."id", r."name" AS old_name, c."name" AS new_name
)
INSERT INTO "audit_log" ("admin_id", "admin_username", "action", "entity", "entity_id", "details")
SELECT NULL, 'system', 'update', 'category', "id"::text,
  jsonb_build_object('name', jsonb_build_object('from', old_name, 'to', new_name), 'reason', 'duplicate')
FROM changed;--> statement-breakpoint
-- Articles already in review join the queue as sent when their last "review" entry in the audit log says (or, without
-- one, at their last change, by whoever made it).
UPDATE "news" SET "submitted_at" = "updated_at", "submitted_by" = "updated_by" WHERE "status" = 'review';--> statement-breakpoint
UPDATE "news" n SET "submitted_at" = sent."created_at", "submitted_by" = sent."admin_id"
FROM (
  SELECT DISTINCT ON ("entity_id") "entity_id", "created_at", "admin_id" FROM "audit_log"
  WHERE "entity" = 'news' AND ("action" = 'review' OR ("action" = 'create' AND "details"->>'status' = 'review'))
  ORDER BY "entity_id", "created_at" DESC, "id" DESC
) sent
WHERE sent."entity_id" = n."id"::text AND n."status" = 'review';--> statement-breakpoint
CREATE UNIQUE INDEX "admins_email_key" ON "admins" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_key" ON "categories" USING btree (lower(regexp_replace(regexp_replace(sahifa_normalize(btrim("name")), '[[:space:]]+', ' ', 'g'), '(^| )ال(?=[^ ]{2})', '\1', 'g')));--> statement-breakpoint
CREATE INDEX "news_updated_idx" ON "news" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_status_updated_idx" ON "news" USING btree ("status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_category_updated_idx" ON "news" USING btree ("category","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_review_queue_idx" ON "news" USING btree ("submitted_at","id") WHERE status = 'review';