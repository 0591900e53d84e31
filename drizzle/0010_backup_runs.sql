CREATE SCHEMA "ops";
--> statement-breakpoint
CREATE TABLE "ops"."backup_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ops"."backup_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slot" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"location" text,
	"bytes" bigint,
	"duration_ms" integer,
	"error" text,
	"pruned_at" timestamp with time zone,
	CONSTRAINT "backup_runs_slot_key" UNIQUE("slot"),
	CONSTRAINT "backup_runs_status_check" CHECK ("ops"."backup_runs"."status" in ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "backup_runs_success_idx" ON "ops"."backup_runs" USING btree ("slot" DESC NULLS LAST) WHERE "ops"."backup_runs"."status" = 'succeeded';