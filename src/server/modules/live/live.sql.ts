/** The one piece of live coverage other modules' queries read: whether an article's coverage is live now. */
import { sql, type SQL } from 'drizzle-orm';

/** True while the article (by its id column) is live coverage that has not ended: the «مباشر» badge of lists. */
export const isLiveSql = (newsId: SQL | string): SQL<boolean> =>
  sql<boolean>`exists (select 1 from live_coverages lc where lc.news_id = ${typeof newsId === 'string' ? sql.raw(newsId) : newsId} and lc.state = 'live')`;

/** When an article last changed for readers: its own last change, or its coverage's newest entry if later. */
export const lastChangeSql = (newsId: SQL, modifiedAt: SQL): SQL<Date | null> =>
  sql<Date | null>`greatest(${modifiedAt}, (select lc.last_entry_at from live_coverages lc where lc.news_id = ${newsId}))`;
