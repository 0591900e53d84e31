/**
 * A real archive's lists: keyset cursors that neither repeat nor skip while news arrives, a sitemap index that lists
 * every published article once, admin lists paged on the server with their filters (Arabic-folded search), most-read
 * windows from the per-day counts, and visitor rows pruned once aggregated.
 */
import { newsRepository, SEARCH_COUNT_SCAN } from './news.repository';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, PAGE_SIZE_MAX } from '../../../shared/schemas/common';
import { addAdmin, as, login } from '../../test/admin-client';
import { addBreaking, addCategory, addNews } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Noon in Tripoli (10:00 UTC): half of today has passed.
let clock = new Date('2026-06-10T10:00:00Z').getTime();
let t: TestApp;
let chief: ReturnType<typeof as>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  await addCategory(t.database.db, { slug: 'sports', name: 'رياضة' });
  await addAdmin(t.database.db, 'archive-chief', 'admin');
  chief = as(t.app, (await login(t.app, 'archive-chief')).cookie);
});
afterAll(() => t.close());

const ids = (res: { json: () => unknown }) => (res.json() as { id: number }[]).map((n) => n.id);

describe('keyset cursors', () => {
  it('walk a section to its end without repeating or skipping, while new articles keep arriving', async () => {
    const original: number[] = [];
    for (let i = 0; i < 47; i++)
      original.push(
        (await addNews(t.database.db, { category: 'sports', publishedAt: new Date(clock - (i + 1) * 3_600_000) })).id,
      );
    // Two articles share a publication time: the id breaks the tie.
    original.push(
      (await addNews(t.database.db, { category: 'sports', publishedAt: new Date(clock - 47 * 3_600_000) })).id,
    );
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await t.app.inject(
        `/api/news/category/sports?limit=10${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`,
      );
      const items = res.json() as { id: number; publishedAt: string }[];
      seen.push(...items.map((n) => n.id));
      // Meanwhile, the newsroom publishes.
      await addNews(t.database.db, { category: 'sports', publishedAt: new Date(clock - 60_000) });
      if (items.length < 10) break;
      cursor = `${items.at(-1)!.publishedAt}~${items.at(-1)!.id}`;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => original.includes(id)).sort()).toEqual([...original].sort());
  });

  it('keeps SPEC’s offset working, capped, and refuses a malformed cursor in Arabic', async () => {
    expect((await t.app.inject('/api/news?limit=5&offset=10')).json()).toHaveLength(5);
    expect((await t.app.inject('/api/news?offset=1001')).statusCode).toBe(400);
    const bad = await t.app.inject('/api/news?before=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('sitemaps', () => {
  it('are an index of well-formed monthly sitemaps that list every published article exactly once', async () => {
    // Articles across three months, and some that must not appear.
    for (const at of ['2026-03-15T10:00:00Z', '2026-04-01T00:00:00Z', '2026-04-30T23:59:59Z'])
      await addNews(t.database.db, { category: 'libya', publishedAt: new Date(at) });
    await addNews(t.database.db, { category: 'libya', status: 'draft', publishedAt: null });
    await addNews(t.database.db, {
      category: 'libya',
      status: 'unpublished',
      publishedAt: new Date('2026-04-02T00:00:00Z'),
    });
    const published = (
      await t.database.pool.query("select id from news where status = 'published' and published_at <= $1", [
        new Date(clock),
      ])
    ).rows.map((r) => r.id as number);

    const parser = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });
    const index = await t.app.inject('/sitemap.xml');
    expect(XMLValidator.validate(index.body)).toBe(true);
    const locs: string[] = parser.parse(index.body).sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    expect(locs[0]).toMatch(/\/sitemaps\/pages\.xml$/);
    expect(locs.slice(1).map((l) => /news-(\d{4}-\d{2})\.xml$/.exec(l)![1])).toEqual(['2026-06', '2026-04', '2026-03']);

    const listed: number[] = [];
    for (const loc of locs) {
      const res = await t.app.inject(new URL(loc).pathname);
      expect(res.statusCode, loc).toBe(200);
      expect(XMLValidator.validate(res.body), loc).toBe(true);
      const urls = parser.parse(res.body).urlset.url as { loc: string; lastmod?: string }[];
      for (const u of urls) {
        const m = /\/news\/(\d+)$/.exec(u.loc);
        if (m) {
          listed.push(Number(m[1]));
          expect(u.lastmod, u.loc).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        }
      }
    }
    expect(listed.sort((a, b) => a - b)).toEqual(published.sort((a, b) => a - b));
    expect((await t.app.inject('/sitemaps/news-2025-01.xml')).statusCode).toBe(404);
    expect((await t.app.inject('/sitemaps/news-2026-13.xml')).statusCode).toBe(400);
  });
});

describe('the months of the sitemap index', () => {
  it('follow every publication, withdrawal, move and deletion, and the current month only once it has news', async () => {
    const months = () => newsRepository(t.database.db, () => new Date(clock)).visibleMonths();
    const sql = (text: string, params: unknown[] = []) => t.database.pool.query(text, params);
    const { id } = await addNews(t.database.db, { category: 'libya', publishedAt: new Date('2025-02-10T12:00:00Z') });
    expect(await months()).toContain('2025-02');
    await sql("update news set status = 'unpublished' where id = $1", [id]);
    expect(await months()).not.toContain('2025-02');
    await sql("update news set status = 'published', published_at = '2025-01-31T23:30:00Z' where id = $1", [id]);
    expect(await months()).toContain('2025-01'); // UTC month: 23:30 on 31 January is still January
    expect(await months()).not.toContain('2025-02');
    const other = await addNews(t.database.db, { category: 'libya', publishedAt: new Date('2025-01-05T08:00:00Z') });
    await sql('delete from news where id = $1', [id]);
    expect(await months()).toContain('2025-01'); // the other January article is still there
    await sql('delete from news where id = $1', [other.id]);
    expect(await months()).not.toContain('2025-01');
    // A new month appears when its first article's time has come, not before.
    const saved = clock;
    clock = new Date('2026-07-01T00:00:30Z').getTime();
    await addNews(t.database.db, { category: 'libya', publishedAt: new Date('2026-07-01T05:00:00Z') });
    expect(await months()).not.toContain('2026-07');
    clock = new Date('2026-07-01T06:00:00Z').getTime();
    expect((await months())[0]).toBe('2026-07');
    clock = saved;
    // The kept counts agree with the articles.
    const { rows } = await sql(`select m.month, m.articles, count(n.id)::int as actual from news_months m
      left join news n on n.status = 'published' and date_trunc('month', n.published_at at time zone 'UTC')::date = m.month
      group by m.month, m.articles having m.articles <> count(n.id)`);
    expect(rows).toEqual([]);
  });
});

describe('admin lists, a page at a time', () => {
  it('page the news list with its filters, Arabic-folded search and a stable order', async () => {
    const same = new Date(clock - 5 * DAY);
    const a = await addNews(t.database.db, { category: 'libya', title: 'افتتاح مدرسة في سبها', createdAt: same });
    const b = await addNews(t.database.db, { category: 'libya', title: 'إبراهيم يفتتح المعرض', createdAt: same });
    await addNews(t.database.db, { category: 'sports', title: 'مسودة عن المدرسة', status: 'draft', publishedAt: null });

    const folded = await chief('GET', '/api/admin/news?q=مدرسه');
    expect(ids(folded)).toContain(a.id);
    expect(ids(await chief('GET', '/api/admin/news?q=ابراهيم'))).toEqual([b.id]);
    expect(ids(await chief('GET', '/api/admin/news?q=مدرس&status=draft')).length).toBe(1);
    expect(ids(await chief('GET', '/api/admin/news?q=مدرسه&category=sports'))).toHaveLength(1);

    const page1 = await chief('GET', '/api/admin/news?pageSize=7');
    const page2 = await chief('GET', '/api/admin/news?pageSize=7&page=2');
    expect(ids(page1)).toHaveLength(7);
    expect(ids(page1).filter((id) => ids(page2).includes(id))).toEqual([]);
    expect(page1.headers['x-total-count']).toBe(page2.headers['x-total-count']);
    expect(page1.headers['x-total-exact']).toBe('true');
    // No article bodies in a list.
    expect(JSON.stringify(page1.json())).not.toContain('"content"');
    // Equal creation times: the id decides, the same way every time.
    const both = ids(await chief('GET', '/api/admin/news?q=افتتاح'));
    expect(both.indexOf(b.id)).toBeLessThan(both.indexOf(a.id));
  });

  it('counts a search among the newest SEARCH_COUNT_SCAN articles only, and says "at least" past them', async () => {
    await t.database.pool.query(
      `insert into news (title, description, content, category, status, published_at)
       select 'خبر عن الموانئ ' || g, 'وصف', '<p>نص</p>', 'libya', 'published', now() - g * interval '1 minute'
       from generate_series(1, ${SEARCH_COUNT_SCAN + 10}) g`,
    );
    const wide = await chief('GET', '/api/admin/news?q=الموانئ&pageSize=5');
    expect(ids(wide)).toHaveLength(5);
    expect(wide.headers['x-total-exact']).toBe('false');
    expect(Number(wide.headers['x-total-count'])).toBe(SEARCH_COUNT_SCAN);
    // Deep pages past the counted ones still come from the search.
    const deep = await chief('GET', `/api/admin/news?q=الموانئ&pageSize=50&page=${SEARCH_COUNT_SCAN / 50 + 1}`);
    expect(ids(deep).length).toBeGreaterThan(0);
    // Narrowed by a section with few articles, the count is exact again.
    const narrow = await chief('GET', '/api/admin/news?q=الموانئ&category=sports');
    expect(narrow.headers['x-total-exact']).toBe('true');
    expect(narrow.headers['x-total-count']).toBe('0');
    await t.database.pool.query("delete from news where title like 'خبر عن الموانئ %'");
  });

  it('counts an unfiltered list up to twice the cap, and past that trusts PostgreSQL’s estimate of the table', async () => {
    const add = (n: number) =>
      t.database.pool.query(
        `insert into audit_log (admin_username, action, entity, created_at)
         select 'archive-chief', 'update', 'settings', now() - g * interval '1 second' from generate_series(1, $1) g`,
        [n],
      );
    const total = async () => {
      const res = await chief('GET', '/api/admin/audit-log?pageSize=5');
      expect(ids(res)).toHaveLength(5);
      return { total: Number(res.headers['x-total-count']), exact: res.headers['x-total-exact'] };
    };
    await add(9000);
    await t.database.pool.query('analyze audit_log');
    const rows = (await t.database.pool.query('select count(*)::int n from audit_log')).rows[0].n;
    expect(await total()).toEqual({ total: rows, exact: 'true' }); // estimated ~9,000: counted exactly
    await add(2000);
    expect(await total()).toEqual({ total: COUNT_CAP, exact: 'false' }); // counted, past the cap
    await add(14_000);
    await t.database.pool.query('analyze audit_log');
    expect(await total()).toEqual({ total: COUNT_CAP, exact: 'false' }); // estimated ~25,000: not counted
    await t.database.pool.query("delete from audit_log where entity = 'settings' and admin_username = 'archive-chief'");
    await t.database.pool.query('analyze audit_log');
  });

  it.each([
    '/api/admin/news',
    '/api/admin/breaking-news',
    '/api/admin/admins',
    '/api/admin/audit-log',
    '/api/admin/newsletter/subscribers',
    '/api/admin/prayer-times',
  ])('%s caps a page at 50 rows and says where it is in the whole list', async (url) => {
    for (let i = 0; i < 3; i++) await addBreaking(t.database.db);
    await t.database.pool.query(
      "insert into newsletter_subscribers (full_name, email) values ('أ', 'a1@x.ly'), ('ب', 'b1@x.ly') on conflict do nothing",
    );
    expect((await chief('GET', `${url}?pageSize=${PAGE_SIZE_MAX + 1}`)).statusCode).toBe(400);
    const res = await chief('GET', `${url}?pageSize=2&page=1`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as unknown[]).length).toBeLessThanOrEqual(2);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual((res.json() as unknown[]).length);
    expect(res.headers['x-page-size']).toBe('2');
  });
});

describe('most read', () => {
  it('ranks by the last 24 hours, the last 7 days (the oldest day only for its share inside) or all time', async () => {
    const make = async (title: string) =>
      (await addNews(t.database.db, { category: 'libya', title, publishedAt: new Date(clock - 9 * DAY) })).id;
    const today = await make('اليوم');
    const yesterday = await make('أمس');
    const fiveDays = await make('قبل خمسة أيام');
    const eightDays = await make('قبل ثمانية أيام');
    const day = (n: number) => new Date(clock - n * DAY).toISOString().slice(0, 10);
    for (const [id, d, views] of [
      [today, 0, 10],
      [yesterday, 1, 30], // half of yesterday is inside the last 24 hours: 15
      [fiveDays, 5, 100],
      [eightDays, 8, 1000],
    ] as const) {
      await t.database.pool.query('insert into news_daily_views (day, news_id, views) values ($1, $2, $3)', [
        day(d),
        id,
        views,
      ]);
      await t.database.pool.query('insert into news_views (news_id, views) values ($1, $2)', [id, views]);
    }
    const top = async (window: string) =>
      (await t.app.inject(`/api/news/most-read?limit=50&window=${window}`)).json() as { id: number; views: number }[];
    const mine = (rows: { id: number; views: number }[]) =>
      rows.filter((r) => [today, yesterday, fiveDays, eightDays].includes(r.id)).map((r) => [r.id, r.views]);
    expect(mine(await top('24h'))).toEqual([
      [yesterday, 15],
      [today, 10],
    ]);
    expect(mine(await top('7d'))).toEqual([
      [fiveDays, 100],
      [yesterday, 30],
      [today, 10],
    ]);
    expect(mine(await top('all'))).toEqual([
      [eightDays, 1000],
      [fiveDays, 100],
      [yesterday, 30],
      [today, 10],
    ]);
  });
});

describe('statistics', () => {
  it('prunes visitor rows once their day is over, keeping the per-day and per-device totals', async () => {
    const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';
    await t.app.inject({ url: '/', headers: { 'user-agent': PHONE }, remoteAddress: '10.1.1.1' });
    const count = async () => (await t.database.pool.query('select count(*)::int n from daily_visitors')).rows[0].n;
    // Recorded after the response is sent, written in batches.
    await expect.poll(async () => (await t.app.stats.flush(), await count())).toBeGreaterThan(0);
    clock += DAY; // the next day
    await t.app.modules.jobs.run('housekeeping');
    expect(await count()).toBe(0);
    // A day later the editor signs in again (a session unused for 12 hours has ended).
    chief = as(t.app, (await login(t.app, 'archive-chief')).cookie);
    const detailed = (await chief('GET', '/api/admin/statistics/detailed')).json();
    expect(detailed.devices).toEqual(expect.arrayContaining([{ device: 'mobile', visitors: 1 }]));
    expect(detailed.days.at(-2)).toMatchObject({ uniqueVisitors: 1 });
  });
});
