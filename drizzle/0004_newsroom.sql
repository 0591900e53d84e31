CREATE TABLE "idempotency_keys" (
	"admin_id" integer NOT NULL,
	"key" text NOT NULL,
	"resource_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_admin_id_key_pk" PRIMARY KEY("admin_id","key")
);
--> statement-breakpoint
CREATE TABLE "news_authors" (
	"news_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"visible_at" timestamp (3) with time zone,
	CONSTRAINT "news_authors_news_id_admin_id_pk" PRIMARY KEY("news_id","admin_id")
);
--> statement-breakpoint
CREATE TABLE "news_autosaves" (
	"news_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"base_version" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_autosaves_news_id_admin_id_pk" PRIMARY KEY("news_id","admin_id")
);
--> statement-breakpoint
CREATE TABLE "news_daily_views" (
	"day" date NOT NULL,
	"news_id" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "news_daily_views_day_news_id_pk" PRIMARY KEY("day","news_id")
);
--> statement-breakpoint
CREATE TABLE "news_presence" (
	"news_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_presence_news_id_admin_id_pk" PRIMARY KEY("news_id","admin_id")
);
--> statement-breakpoint
CREATE TABLE "news_revisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"news_id" integer NOT NULL,
	"version" integer NOT NULL,
	"admin_id" integer,
	"admin_name" text NOT NULL,
	"reason" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"content" text NOT NULL,
	"category" text NOT NULL,
	"image_url" text,
	"byline" text NOT NULL,
	"authors" jsonb NOT NULL,
	"tags" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_tags" (
	"news_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"visible_at" timestamp (3) with time zone,
	CONSTRAINT "news_tags_news_id_tag_id_pk" PRIMARY KEY("news_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "news_views" (
	"news_id" integer PRIMARY KEY NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "section_daily_views" (
	"day" date NOT NULL,
	"category" text NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "section_daily_views_day_category_pk" PRIMARY KEY("day","category")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_devices" (
	"day" date NOT NULL,
	"device" text NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_devices_day_device_pk" PRIMARY KEY("day","device")
);
--> statement-breakpoint
ALTER TABLE "admins" DROP CONSTRAINT "admins_role_check";--> statement-breakpoint
ALTER TABLE "news" DROP CONSTRAINT "news_views_check";--> statement-breakpoint
ALTER TABLE "news" DROP CONSTRAINT "news_status_check";--> statement-breakpoint
DROP INDEX "news_views_idx";--> statement-breakpoint
DROP INDEX "news_created_idx";--> statement-breakpoint
DROP INDEX "breaking_news_created_idx";--> statement-breakpoint
DROP INDEX "news_public_idx";--> statement-breakpoint
DROP INDEX "news_category_idx";--> statement-breakpoint
DROP INDEX "news_featured_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "newsletter_created_idx";--> statement-breakpoint
ALTER TABLE "news" ALTER COLUMN "status" SET DEFAULT 'draft';--> statement-breakpoint
ALTER TABLE "news" ALTER COLUMN "published_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "news" ALTER COLUMN "published_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "avatar_url" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "modified_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "byline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "sanitized_with" smallint;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('arabic'::regconfig, sahifa_search_text(title) || ' ' || sahifa_search_text(coalesce(description, '')))) STORED;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_authors" ADD CONSTRAINT "news_authors_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_authors" ADD CONSTRAINT "news_authors_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_autosaves" ADD CONSTRAINT "news_autosaves_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_autosaves" ADD CONSTRAINT "news_autosaves_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_daily_views" ADD CONSTRAINT "news_daily_views_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_presence" ADD CONSTRAINT "news_presence_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_presence" ADD CONSTRAINT "news_presence_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_revisions" ADD CONSTRAINT "news_revisions_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_revisions" ADD CONSTRAINT "news_revisions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_tags" ADD CONSTRAINT "news_tags_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_tags" ADD CONSTRAINT "news_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_views" ADD CONSTRAINT "news_views_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "news_authors_visible_idx" ON "news_authors" USING btree ("admin_id","visible_at" DESC NULLS LAST,"news_id" DESC NULLS LAST) WHERE visible_at is not null;--> statement-breakpoint
CREATE INDEX "news_authors_admin_idx" ON "news_authors" USING btree ("admin_id","news_id");--> statement-breakpoint
CREATE INDEX "news_daily_views_news_idx" ON "news_daily_views" USING btree ("news_id");--> statement-breakpoint
CREATE INDEX "news_revisions_news_idx" ON "news_revisions" USING btree ("news_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_tags_visible_idx" ON "news_tags" USING btree ("tag_id","visible_at" DESC NULLS LAST,"news_id" DESC NULLS LAST) WHERE visible_at is not null;--> statement-breakpoint
CREATE INDEX "news_views_top_idx" ON "news_views" USING btree ("views" DESC NULLS LAST,"news_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "tags_slug_key" ON "tags" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_key" ON "tags" USING btree (sahifa_normalize(lower("name")));--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_id_key" ON "sessions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "news_scheduled_idx" ON "news" USING btree ("published_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE INDEX "news_status_id_idx" ON "news" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "news_category_id_idx" ON "news" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "news_title_search_idx" ON "news" USING gin ("title_vector");--> statement-breakpoint
CREATE INDEX "breaking_news_created_idx" ON "breaking_news" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_public_idx" ON "news" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "news_category_idx" ON "news" USING btree ("category","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "news_featured_idx" ON "news" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE featured and status = 'published';--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_created_idx" ON "newsletter_subscribers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Data: views move to their own narrow table (and the running total to counters); scheduled news whose time has
-- passed is published (visibility is now status = 'published'); drafts have no publication time; every article's
-- creator becomes its first author; the statistics' devices are aggregated from the per-visitor rows.
INSERT INTO "news_views" ("news_id", "views") SELECT "id", "views" FROM "news" WHERE "views" > 0;--> statement-breakpoint
INSERT INTO "counters" ("key", "value") SELECT 'views', coalesce(sum("views"), 0) FROM "news";--> statement-breakpoint
UPDATE "news" SET "status" = 'published' WHERE "status" = 'scheduled' AND "published_at" <= now();--> statement-breakpoint
UPDATE "news" SET "published_at" = NULL WHERE "status" = 'draft';--> statement-breakpoint
UPDATE "news" SET "published_at" = "created_at" WHERE "status" <> 'draft' AND "published_at" IS NULL;--> statement-breakpoint
UPDATE "news" SET "updated_by" = "author_id";--> statement-breakpoint
INSERT INTO "news_authors" ("news_id", "admin_id", "position", "visible_at")
  SELECT "id", "author_id", 0, CASE WHEN "status" = 'published' THEN "published_at" END FROM "news" WHERE "author_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "daily_devices" ("day", "device", "visitors")
  SELECT "day", "device", count(*) FROM "daily_visitors" GROUP BY "day", "device";--> statement-breakpoint
ALTER TABLE "news" DROP COLUMN "views";--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_role_check" CHECK ("admins"."role" in ('admin', 'editor', 'writer'));--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_scheduled_has_time" CHECK ("news"."status" not in ('scheduled', 'published') or "news"."published_at" is not null);--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_status_check" CHECK ("news"."status" in ('draft', 'review', 'scheduled', 'published', 'unpublished'));