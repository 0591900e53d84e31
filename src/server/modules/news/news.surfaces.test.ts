/**
 * What readers can see: only published articles whose time has come, on every public surface (pages, API, feeds,
 * sitemaps, search, most-read, related, tag and author pages, the ticker). Scheduled articles appear by themselves
 * at their minute (the scheduler's pass), exactly once with two app instances on one database. The preview shows any
 * state to staff only, never cached.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { connect, type Database } from '../../db/client';
import { addAdmin, as, login, ORIGIN } from '../../test/admin-client';
import { addCategory } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

const START = new Date('2026-06-10T08:00:00Z').getTime();
let clock = START;
const now = () => new Date(clock);
const MINUTE = 60_000;

let t: TestApp;
let editor: ReturnType<typeof as>;
let editorCookie: string;
const ids: Record<string, number> = {};

const article = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `وصف ${title}`,
  content: `<p>نص ${title} عن الميناء</p>`,
  category: 'libya',
  imageUrl: 'https://example.ly/a.jpg',
  featured: true,
  tags: ['الميناء'],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ now });
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  await addAdmin(t.database.db, 'surf-editor', 'editor');
  editorCookie = (await login(t.app, 'surf-editor')).cookie!;
  editor = as(t.app, editorCookie);
  const create = async (name: string, body: Record<string, unknown>) =>
    (ids[name] = (await editor('POST', '/api/admin/news', body)).json().id);

  await create('live', article('منشور زرقاء'));
  await create('scheduled', {
    ...article('مجدول زرقاء'),
    action: 'schedule',
    publishAt: new Date(START + 30 * MINUTE).toISOString(),
  });
  await create('unpublished', article('ملغى زرقاء'));
  await editor('POST', `/api/admin/news/${ids.unpublished}/transition`, { action: 'unpublish' });
  await create('draft', { ...article('مسودة زرقاء'), action: 'draft' });
  await create('review', { ...article('مراجعة زرقاء'), action: 'review' });
  // Views for all of them (hidden ones too), today and all time.
  for (const id of Object.values(ids)) {
    await t.database.pool.query('insert into news_views (news_id, views) values ($1, 100)', [id]);
    await t.database.pool.query('insert into news_daily_views (day, news_id, views) values ($1, $2, 100)', [
      '2026-06-10',
      id,
    ]);
  }
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: { host: 'sahifa.test' } });

/** Every public surface, as text: what a reader, a crawler or a feed reader can get. */
async function everything(): Promise<string> {
  const urls = [
    '/',
    '/?category=libya',
    '/category/libya',
    '/api/news',
    '/api/news?limit=10', // the latest-news ticker
    '/api/news/featured',
    '/api/news/category/libya',
    '/api/news/most-read',
    '/api/news/most-read?window=24h',
    '/api/news/most-read?window=7d',
    `/api/news/${ids.live}/related`,
    `/news/${ids.live}`,
    '/api/search?q=زرقاء',
    '/search?q=زرقاء',
    '/rss.xml',
    '/rss/libya.xml',
    '/news-sitemap.xml',
    `/api/tags/${encodeURIComponent('الميناء')}/news`,
    '/api/authors/surf-editor/news',
  ];
  const index = (await get('/sitemap.xml')).body;
  const parts = [...index.matchAll(/<loc>http:\/\/sahifa\.test([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const bodies = await Promise.all([...urls, ...parts].map(async (u) => `${u}\n${(await get(u)).body}`));
  return bodies.join('\n');
}

const hidden = ['scheduled', 'unpublished', 'draft', 'review'] as const;

describe('public surfaces', () => {
  it('show published articles only: never drafts, articles in review, unpublished or scheduled ones', async () => {
    const all = await everything();
    expect(all).toContain('منشور زرقاء');
    expect(all).toContain(`/news/${ids.live}`);
    for (const name of hidden) {
      expect(all, name).not.toContain(
        `${{ scheduled: 'مجدول', unpublished: 'ملغى', draft: 'مسودة', review: 'مراجعة' }[name]} زرقاء`,
      );
      expect((await get(`/api/news/${ids[name]}`)).statusCode, name).toBe(404);
      expect((await get(`/news/${ids[name]}`)).statusCode, name).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `/api/news/${ids[name]}/view` })).statusCode, name).toBe(404);
    }
  });

  it('show a scheduled article by itself at its minute, everywhere (cached copies included), and only then', async () => {
    clock = START + 29 * MINUTE;
    await t.app.modules.jobs.run('publish-scheduled');
    expect((await get(`/api/news/${ids.scheduled}`)).statusCode).toBe(404);

    clock = START + 30 * MINUTE + 5_000;
    await t.app.modules.jobs.run('publish-scheduled');
    expect((await get(`/api/news/${ids.scheduled}`)).statusCode).toBe(200);
    const all = await everything();
    for (const url of [
      '/api/news',
      '/',
      '/rss.xml',
      '/api/search?q=زرقاء',
      '/news-sitemap.xml',
      `/api/tags/${encodeURIComponent('الميناء')}/news`,
    ])
      expect(all.split('\n/').find((b) => b.startsWith(url.slice(1)))).toContain('مجدول زرقاء');
    // Published at the minute it was scheduled for, by the system.
    const { rows } = await t.database.pool.query(
      "select n.status, n.published_at, a.admin_username from news n join audit_log a on a.entity_id = n.id::text and a.action = 'publish' where n.id = $1",
      [ids.scheduled],
    );
    expect(rows).toEqual([
      { status: 'published', published_at: new Date(START + 30 * MINUTE), admin_username: 'system' },
    ]);
  });
});

describe('scheduling with two instances on one database', () => {
  let second: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = connect(t.database.url, { max: 3 });
    second = await buildApp({ config: t.config, db: database.db, now });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await database.close();
  });

  it('publishes each due article exactly once when both run the pass at the same moment', async () => {
    const due: number[] = [];
    for (let i = 0; i < 6; i++)
      due.push(
        (
          await editor('POST', '/api/admin/news', {
            ...article(`دفعة ${i}`),
            action: 'schedule',
            publishAt: new Date(clock + (i + 1) * MINUTE).toISOString(),
          })
        ).json().id,
      );
    clock += 10 * MINUTE;
    // Both instances' scheduler passes, at once, several times over.
    await Promise.all([
      t.app.modules.jobs.run('publish-scheduled'),
      second.modules.jobs.run('publish-scheduled'),
      t.app.modules.newsroom.publishDue(),
      second.modules.newsroom.publishDue(),
    ]);
    const { rows } = await t.database.pool.query(
      "select entity_id, count(*)::int n from audit_log where action = 'publish' and entity_id = any($1) group by entity_id",
      [due.map(String)],
    );
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    const statuses = await t.database.pool.query('select distinct status from news where id = any($1)', [due]);
    expect(statuses.rows).toEqual([{ status: 'published' }]);
    // The other instance's cache learnt of it too (the announcement at commit).
    await expect
      .poll(async () => (await second.inject({ url: '/api/news?limit=50' })).json().map((n: { id: number }) => n.id))
      .toEqual(expect.arrayContaining(due));
  });
});

describe('preview', () => {
  it('shows staff any draft as readers will see it, with a banner, never cached and never indexed', async () => {
    const res = await t.app.inject({ url: `/preview/news/${ids.draft}`, headers: { cookie: editorCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('مسودة زرقاء');
    expect(res.body).toContain('معاينة');
    expect(res.body).toContain('<meta name="robots" content="noindex');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');
  });

  it('is a plain 404 for everyone else, before and after staff looked at it', async () => {
    for (const headers of [{}, { cookie: 'sahifa_session=forged' }]) {
      const res = await t.app.inject({ url: `/preview/news/${ids.draft}`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('مسودة زرقاء');
      expect(res.headers['x-cache']).toBeUndefined();
    }
    expect((await t.app.inject(`/api/admin/news/${ids.draft}/preview`)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/preview/news/987654', headers: { cookie: editorCookie, origin: ORIGIN } }))
        .statusCode,
    ).toBe(404);
  });
});
