CREATE TABLE "editorial_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "editorial_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"news_id" integer NOT NULL,
	"body" text NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"resolved_by" integer,
	"resolved_by_name" text
);
--> statement-breakpoint
CREATE TABLE "media_usages" (
	"media_id" uuid NOT NULL,
	"news_id" integer NOT NULL,
	CONSTRAINT "media_usages_media_id_news_id_pk" PRIMARY KEY("media_id","news_id")
);
--> statement-breakpoint
CREATE TABLE "news_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"news_id" integer NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"removed_at" timestamp (3) with time zone,
	"removed_by" integer,
	"removed_by_name" text,
	"removed_reason" text,
	CONSTRAINT "news_notes_kind_check" CHECK ("news_notes"."kind" in ('correction', 'clarification', 'update'))
);
--> statement-breakpoint
DROP INDEX "media_created_idx";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "caption" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "credit" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "focus_x" smallint;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "focus_y" smallint;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('arabic'::regconfig, sahifa_search_text(alt || ' ' || caption || ' ' || credit || ' ' || source || ' ' || original_name))) STORED;--> statement-breakpoint
ALTER TABLE "news_revisions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "editorial_notes" ADD CONSTRAINT "editorial_notes_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editorial_notes" ADD CONSTRAINT "editorial_notes_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editorial_notes" ADD CONSTRAINT "editorial_notes_resolved_by_admins_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_usages" ADD CONSTRAINT "media_usages_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_usages" ADD CONSTRAINT "media_usages_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_notes" ADD CONSTRAINT "news_notes_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_notes" ADD CONSTRAINT "news_notes_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_notes" ADD CONSTRAINT "news_notes_removed_by_admins_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "editorial_notes_news_idx" ON "editorial_notes" USING btree ("news_id","created_at");--> statement-breakpoint
CREATE INDEX "media_usages_news_idx" ON "media_usages" USING btree ("news_id");--> statement-breakpoint
CREATE INDEX "news_notes_news_idx" ON "news_notes" USING btree ("news_id","created_at");--> statement-breakpoint
CREATE INDEX "news_notes_public_idx" ON "news_notes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE removed_at is null and kind in ('correction', 'clarification');--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_uploader_idx" ON "media" USING btree ("created_by","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_search_idx" ON "media" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_focus_range" CHECK (("media"."focus_x" is null) = ("media"."focus_y" is null) and coalesce("media"."focus_x" between 0 and 100 and "media"."focus_y" between 0 and 100, true));