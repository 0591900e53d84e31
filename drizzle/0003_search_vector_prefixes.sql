ALTER TABLE "news" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('arabic'::regconfig, sahifa_search_text(title)), 'A') || setweight(to_tsvector('arabic'::regconfig, sahifa_search_text(description)), 'B') || setweight(to_tsvector('arabic'::regconfig, sahifa_search_text(regexp_replace(content, '<[^>]+>', ' ', 'g'))), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "news_search_idx" ON "news" USING gin ("search_vector");
