CREATE TABLE "fanout_deliveries" (
	"send_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_at" timestamp (3) with time zone NOT NULL,
	"lease_until" timestamp (3) with time zone,
	"last_error" text,
	"done_at" timestamp (3) with time zone,
	CONSTRAINT "fanout_deliveries_send_id_recipient_id_pk" PRIMARY KEY("send_id","recipient_id"),
	CONSTRAINT "fanout_deliveries_state_check" CHECK ("fanout_deliveries"."state" in ('pending', 'sending', 'sent', 'failed', 'suppressed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "fanout_sends" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fanout_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text,
	"title" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp (3) with time zone NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"next_at" timestamp (3) with time zone NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp (3) with time zone,
	"queued" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"suppressed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"preview_html" text,
	"preview_text" text,
	CONSTRAINT "fanout_sends_state_check" CHECK ("fanout_sends"."state" in ('queued', 'sending', 'done', 'skipped', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "legacy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_nonce" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "suppressed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "suppressed_reason" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "soft_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "sections" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "fanout_deliveries" ADD CONSTRAINT "fanout_deliveries_send_id_fanout_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."fanout_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fanout_sends" ADD CONSTRAINT "fanout_sends_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fanout_deliveries_due_idx" ON "fanout_deliveries" USING btree ("send_id","next_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "fanout_deliveries_claimed_idx" ON "fanout_deliveries" USING btree ("send_id","lease_until") WHERE state = 'sending';--> statement-breakpoint
CREATE INDEX "fanout_deliveries_recipient_idx" ON "fanout_deliveries" USING btree ("recipient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fanout_sends_dedupe_key" ON "fanout_sends" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "fanout_sends_due_idx" ON "fanout_sends" USING btree ("next_at") WHERE state in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "fanout_sends_history_idx" ON "fanout_sends" USING btree ("channel","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_state_idx" ON "newsletter_subscribers" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_confirmed_idx" ON "newsletter_subscribers" USING btree ("id") WHERE state = 'confirmed';--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_state_check" CHECK ("newsletter_subscribers"."state" in ('pending', 'confirmed', 'unsubscribed', 'suppressed'));--> statement-breakpoint
-- Subscribers from before confirmation existed are kept as pending and marked legacy: they wait for the one
-- confirmation campaign an admin sends (modules/newsletter), and are never forgotten before it mailed them.
UPDATE "newsletter_subscribers" SET "legacy" = true, "updated_at" = "created_at";
