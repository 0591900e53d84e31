/**
 * Arabic-aware search: the query is prepared like the stored text (sahifa_search_text: folding, article prefixes
 * off) and stemmed by PostgreSQL's `arabic` configuration, then matched against news.search_vector (title >
 * description > body) through its GIN index.
 *
 * The cost stays flat at any archive size and for any word: the newest SEARCH_CANDIDATES + 1 matching articles are
 * taken, and only those are ranked; the count says "more than SEARCH_CANDIDATES" past that. They are taken a slice
 * of months at a time, newest first (this month, the one before, the four before those, the eighteen before those,
 * then everything older), each slice read from news_search_month_idx, which holds every article's words beside its
 * month of publication: a slice visits only its own matches, and a slice is read only if the newer ones did not
 * already give enough. A word used in 2% of 100,000 articles visits about 200 of them, not 2,000.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { utcMonthStart } from '../../../shared/dates';
import { SEARCH_CANDIDATES } from '../../../shared/schemas/search';
import type { Db } from '../../db/client';
import { categories, news } from '../../db/schema/content';
import { newsViews } from '../../db/schema/newsroom';
import { listColumns, type NewsListRow } from '../news/news.repository';

/** Slices of months searched in turn, as [newest, oldest] months back from the current one. */
const MONTH_SLICES: [number, number][] = [
  [0, 0],
  [1, 1],
  [2, 5],
  [6, 23],
];

/** The month lexemes (sahifa_month_lexeme) of `from`..`to` months before `at`, as a tsquery matching any of them. */
export function monthsQuery(at: Date, from: number, to: number): string {
  const months: string[] = [];
  for (let k = from; k <= to; k++) {
    const d = utcMonthStart(at, k);
    months.push(`'§${d.getUTCFullYear() * 100 + d.getUTCMonth() + 1}'`);
  }
  return months.join(' | ');
}

/** Text folded like the search vector (sahifa_search_text) as space-separated words with a space at each end, so a
 * literal `position` finds whole words only. */
const asWords = (text: SQL) =>
  sql`(' ' || trim(regexp_replace(sahifa_search_text(${text}), '[^[:alnum:]]+', ' ', 'g')) || ' ')`;

export function searchRepository(db: Db, now: () => Date) {
  const $ = sql.placeholder;
  const tsquery = sql`plainto_tsquery('arabic'::regconfig, sahifa_search_text(${$('query')}::text))`;
  const typed = asWords(sql`${$('query')}::text`);
  const slice = (when: SQL) =>
    sql`(select ${news.id} as id, ${news.publishedAt} as published_at, ${news.searchVector} as v,
        ${news.title} as title, ${news.description} as description from ${news}
      where ${news.status} = 'published' and ${news.publishedAt} <= ${$('at')} and ${news.searchVector} @@ ${tsquery}
        and ${when}
      order by ${news.publishedAt} desc nulls last, ${news.id} desc nulls last
      limit ${SEARCH_CANDIDATES + 1})`;
  const slices = [
    ...MONTH_SLICES.map((_, k) => slice(sql`sahifa_month_lexeme(${news.publishedAt}) @@ ${$(`months${k}`)}::tsquery`)),
    slice(sql`${news.publishedAt} < ${$('olderThan')}`),
  ];
  // UNION ALL under one LIMIT runs the slices in order and stops as soon as it has enough. The ranking (which reads
  // each candidate's whole vector) and the window count run after that LIMIT, on the candidates only.
  const ranked = db.$with('ranked').as(
    db
      .select({
        rid: sql<number>`c.id`.as('rid'),
        // The words exactly as typed (folded like the stored text, not stemmed) rank first: in the title, then in
        // the summary; the stemmed match's own rank orders the rest and breaks ties.
        rank: sql<number>`ts_rank_cd(c.v, ${tsquery})
          + case when position(${typed} in ${asWords(sql`c.title`)}) > 0 then 10 else 0 end
          + case when position(${typed} in ${asWords(sql`c.description`)}) > 0 then 5 else 0 end`.as('rank'),
        total: sql<number>`count(*) over ()`.as('total'),
        // The 101st only says that there are more: the newest SEARCH_CANDIDATES are ranked and shown.
        newest: sql<number>`row_number() over (order by c.published_at desc nulls last, c.id desc)`.as('newest'),
      })
      .from(sql`(${sql.join(slices, sql` union all `)} limit ${SEARCH_CANDIDATES + 1}) as c`),
  );
  // One named statement (parsed once per connection; PostgreSQL may keep a generic plan after five calls, see
  // db/named.ts): planning was 4 ms of every search, the most of any reader query.
  const prepared = db
    .with(ranked)
    .select({ ...listColumns, total: ranked.total })
    .from(ranked)
    .innerJoin(news, eq(news.id, ranked.rid))
    .leftJoin(categories, eq(categories.slug, news.category))
    .leftJoin(newsViews, eq(newsViews.newsId, news.id))
    .where(sql`${ranked.newest} <= ${SEARCH_CANDIDATES}`)
    .orderBy(sql`${ranked.rank} desc`, sql`${news.publishedAt} desc nulls last`, sql`${news.id} desc`)
    .limit($('limit'))
    .offset($('offset'))
    .prepare('search_news');

  return {
    async search(
      query: string,
      limit: number,
      offset: number,
    ): Promise<{ total: number; exact: boolean; rows: NewsListRow[] }> {
      const at = now();
      const months = Object.fromEntries(MONTH_SLICES.map(([from, to], k) => [`months${k}`, monthsQuery(at, from, to)]));
      const olderThan = utcMonthStart(at, MONTH_SLICES[MONTH_SLICES.length - 1]![1]);
      const found = (await prepared.execute({ query, at, olderThan, limit, offset, ...months })) as (NewsListRow & {
        total: number;
      })[];
      const count = Number(found[0]?.total ?? 0);
      if (!found.length && offset > 0) {
        // Past the last page: still say how many there are.
        const again = await this.search(query, 1, 0);
        return { ...again, rows: [] };
      }
      return {
        total: Math.min(count, SEARCH_CANDIDATES),
        exact: count <= SEARCH_CANDIDATES,
        rows: found.map(({ total: _total, ...row }) => row as NewsListRow),
      };
    },
  };
}
export type SearchRepository = ReturnType<typeof searchRepository>;
