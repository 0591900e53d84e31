CREATE TABLE "ad_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"advertiser" text NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"placements" text[] NOT NULL,
	"sections" text[] DEFAULT '{}'::text[] NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"daily_cap" integer,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"created_by" integer,
	"updated_at" timestamp (3) with time zone,
	CONSTRAINT "ad_campaigns_period_check" CHECK ("ad_campaigns"."ends_at" > "ad_campaigns"."starts_at"),
	CONSTRAINT "ad_campaigns_weight_check" CHECK ("ad_campaigns"."weight" between 1 and 100),
	CONSTRAINT "ad_campaigns_cap_check" CHECK ("ad_campaigns"."daily_cap" is null or "ad_campaigns"."daily_cap" > 0)
);
--> statement-breakpoint
CREATE TABLE "ad_creatives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_creatives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"desktop_media_id" uuid,
	"phone_media_id" uuid,
	"alt" text NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "ad_creatives_image_check" CHECK ("ad_creatives"."desktop_media_id" is not null or "ad_creatives"."phone_media_id" is not null),
	CONSTRAINT "ad_creatives_url_check" CHECK ("ad_creatives"."url" ~* '^https?://')
);
--> statement-breakpoint
CREATE TABLE "ad_daily_stats" (
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"creative_id" integer NOT NULL,
	"placement" text NOT NULL,
	"device" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_daily_stats_campaign_id_day_creative_id_placement_device_pk" PRIMARY KEY("campaign_id","day","creative_id","placement","device")
);
--> statement-breakpoint
CREATE TABLE "ad_placements" (
	"key" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"after_paragraph" smallint DEFAULT 3 NOT NULL,
	"network_code" text DEFAULT '' NOT NULL,
	"updated_at" timestamp (3) with time zone,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD CONSTRAINT "ad_creatives_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD CONSTRAINT "ad_creatives_desktop_media_id_media_id_fk" FOREIGN KEY ("desktop_media_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD CONSTRAINT "ad_creatives_phone_media_id_media_id_fk" FOREIGN KEY ("phone_media_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_daily_stats" ADD CONSTRAINT "ad_daily_stats_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_placements" ADD CONSTRAINT "ad_placements_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_campaigns_ends_idx" ON "ad_campaigns" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "ad_creatives_campaign_idx" ON "ad_creatives" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE INDEX "ad_daily_stats_day_idx" ON "ad_daily_stats" USING btree ("day");
