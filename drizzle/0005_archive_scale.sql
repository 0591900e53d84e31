-- An archive of 100,000 articles: public search reads the newest months first, and the sitemap index reads its months
-- from a small table kept by a trigger.
--
-- The month of publication as a lexeme ('§202611'), IMMUTABLE (UTC fixed) so that an index can hold it. No typed
-- word can produce it: the text search parser never keeps '§' in a lexeme.
CREATE FUNCTION sahifa_month_lexeme(at timestamptz) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array_to_tsvector(ARRAY['§' || (extract(year FROM at AT TIME ZONE 'UTC') * 100
    + extract(month FROM at AT TIME ZONE 'UTC'))::int::text]) $$;--> statement-breakpoint
CREATE TABLE "news_months" (
	"month" date PRIMARY KEY NOT NULL,
	"articles" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Published articles per month (UTC of published_at), kept in step with every insert, delete and change of state or
-- publication time.
CREATE FUNCTION sahifa_news_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'published' AND OLD.published_at IS NOT NULL THEN
    UPDATE news_months SET articles = articles - 1
      WHERE month = date_trunc('month', OLD.published_at AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'published' AND NEW.published_at IS NOT NULL THEN
    INSERT INTO news_months AS m (month, articles)
      VALUES (date_trunc('month', NEW.published_at AT TIME ZONE 'UTC')::date, 1)
      ON CONFLICT (month) DO UPDATE SET articles = m.articles + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER news_months_insert_delete AFTER INSERT OR DELETE ON news
  FOR EACH ROW EXECUTE FUNCTION sahifa_news_months();--> statement-breakpoint
CREATE TRIGGER news_months_update AFTER UPDATE OF status, published_at ON news
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.published_at IS DISTINCT FROM NEW.published_at)
  EXECUTE FUNCTION sahifa_news_months();--> statement-breakpoint
INSERT INTO news_months (month, articles)
  SELECT date_trunc('month', published_at AT TIME ZONE 'UTC')::date, count(*)::int FROM news
  WHERE status = 'published' AND published_at IS NOT NULL GROUP BY 1;--> statement-breakpoint
CREATE INDEX "news_search_month_idx" ON "news" USING gin ("search_vector",sahifa_month_lexeme("published_at")) WHERE status = 'published';--> statement-breakpoint
DROP INDEX "news_search_idx";
