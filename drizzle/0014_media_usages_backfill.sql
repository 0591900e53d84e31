-- Which articles show which library pictures, for the pictures articles and live entries already show: an article's
-- own picture and every /media/<id>/ path in its body (pictures inserted by address), a live entry's picture. From
-- now on every save keeps this list (media.service.ts syncUses).
INSERT INTO "media_usages" ("media_id", "news_id")
SELECT DISTINCT m."id", u."news_id"
FROM (
  SELECT n."id" AS "news_id",
    (regexp_matches(coalesce(n."image_url", '') || ' ' || n."content",
      '/media/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/', 'g'))[1]::uuid AS "media_id"
  FROM "news" n
  UNION ALL
  SELECT e."news_id",
    (regexp_matches(coalesce(e."image_url", ''),
      '/media/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/', 'g'))[1]::uuid
  FROM "live_entries" e
  WHERE e."deleted_at" IS NULL
) u
JOIN "media" m ON m."id" = u."media_id"
ON CONFLICT DO NOTHING;
