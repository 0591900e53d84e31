CREATE TABLE "live_coverages" (
	"news_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'live' NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"pinned_entry_id" integer,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_entry_at" timestamp (3) with time zone,
	"started_by" integer,
	CONSTRAINT "live_coverages_state_check" CHECK ("live_coverages"."state" in ('live', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "live_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"news_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_url" text,
	"image_caption" text DEFAULT '' NOT NULL,
	"embed_url" text,
	"key_event" text,
	"authors" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "breaking_news" ADD COLUMN "news_id" integer;--> statement-breakpoint
ALTER TABLE "live_coverages" ADD CONSTRAINT "live_coverages_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_coverages" ADD CONSTRAINT "live_coverages_started_by_admins_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_entries" ADD CONSTRAINT "live_entries_news_id_live_coverages_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."live_coverages"("news_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_entries" ADD CONSTRAINT "live_entries_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_coverages_state_idx" ON "live_coverages" USING btree ("state","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "live_entries_seq_idx" ON "live_entries" USING btree ("news_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "live_entries_page_idx" ON "live_entries" USING btree ("news_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "live_entries_key_idx" ON "live_entries" USING btree ("news_id","created_at" DESC NULLS LAST) WHERE deleted_at is null and key_event is not null;--> statement-breakpoint
ALTER TABLE "breaking_news" ADD CONSTRAINT "breaking_news_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE set null ON UPDATE no action;