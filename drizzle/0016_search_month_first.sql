DROP INDEX "news_search_month_idx";--> statement-breakpoint
CREATE INDEX "news_search_month_idx" ON "news" USING gin (sahifa_month_lexeme("published_at"),"search_vector") WHERE status = 'published';