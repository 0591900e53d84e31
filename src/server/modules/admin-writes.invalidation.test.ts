/**
 * Every admin write drops the cached public responses that showed what it changed, and keeps the others. The table
 * below is checked against the router: a new write route without a row here fails the first test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, testConfig, type TestApp } from '../test/harness';
import { addAdmin, as, login, uploadFile } from '../test/admin-client';
import { addBreaking, addCategory, addNews, addPrayerDay, addSubscriber } from '../test/fixtures';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';

let t: TestApp;
let call: ReturnType<typeof as>;
const ids: Record<string, number> = {};
const xmlDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-writes-'));
const xml = path.join(xmlDir, 'tripoli.xml');
fs.writeFileSync(
  xml,
  '<prayerTimes><day date="2026-03-01" fajr="05:20" dhuhr="12:40" asr="15:55" maghrib="18:25" isha="19:45"/></prayerTimes>',
);

beforeAll(async () => {
  t = await createTestApp({ config: testConfig({ PRAYER_XML_PATH: xml }) });
  const db = t.database.db;
  await addCategory(db, { slug: 'libya', name: 'ليبيا' });
  await addCategory(db, { slug: 'sports', name: 'رياضة' });
  ids.empty = (await addCategory(db, { slug: 'empty', name: 'فارغ' })).id;
  ids.article = (await addNews(db, { category: 'libya', title: 'الخبر الذي يتغير' })).id;
  ids.other = (await addNews(db, { category: 'sports', title: 'خبر آخر لا يتغير' })).id;
  ids.doomed = (await addNews(db, { category: 'libya', title: 'خبر سيحذف' })).id;
  ids.live = (await addNews(db, { category: 'sports', title: 'خبر سيلغى نشره' })).id;
  ids.coverage = (await addNews(db, { category: 'sports', title: 'تغطية مباشرة' })).id;
  ids.draft = (await addNews(db, { category: 'libya', title: 'مسودة', status: 'draft', publishedAt: null })).id;
  ids.breaking = (await addBreaking(db, { title: 'عاجل' })).id;
  ids.prayer = (
    await addPrayerDay(db, {
      date: '2026-01-01',
      fajr: '06:19',
      dhuhr: '12:55',
      asr: '15:32',
      maghrib: '17:54',
      isha: '19:15',
    })
  ).id;
  const chief = await addAdmin(db, 'chief', 'admin');
  await t.database.pool.query('insert into news_authors (news_id, admin_id, visible_at) values ($1, $2, now())', [
    ids.article,
    chief.id,
  ]);
  ids.victim = (await addAdmin(db, 'victim', 'editor')).id;
  ids.colleague = (await addAdmin(db, 'colleague', 'editor')).id;
  call = as(t.app, (await login(t.app, 'chief')).cookie);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(xmlDir, { recursive: true, force: true });
});

const article = (over: Record<string, unknown> = {}) => ({
  title: 'عنوان',
  description: 'وصف',
  content: '<p>نص</p>',
  category: 'libya',
  imageUrl: 'https://example.ly/a.jpg',
  featured: false,
  ...over,
});

type Write = {
  route: string;
  run: () => Promise<{ statusCode: number }>;
  /** Public URLs whose cached copy must be dropped. */
  drops: () => string[];
  /** Public URLs whose cached copy must stay. */
  keeps: () => string[];
};

/** A campaign with one creative showing a library picture (inserted as a row: no upload needed). */
async function adCampaign() {
  const { rows } = await t.database.pool.query(
    `insert into media (id, original_name, source_type, width, height, widths, bytes) values (gen_random_uuid(), 'ad.png', 'png', 300, 250, '{400}', 1) returning id`,
  );
  return {
    advertiser: 'معلن',
    name: 'حملة',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    placements: ['sidebar'],
    sections: [],
    weight: 1,
    dailyCap: null,
    paused: false,
    creatives: [{ desktopImage: rows[0].id, phoneImage: null, alt: 'إعلان', url: 'https://example.ly' }],
  };
}

const NEWS_UNRELATED = () => [`/api/news/${ids.other}`, '/api/breaking-news', '/api/prayer-times'];
const NOTHING_PUBLIC = () => [
  '/api/news',
  `/api/news/${ids.article}`,
  '/api/categories',
  '/api/breaking-news',
  '/api/settings',
  '/',
];

const WRITES: Write[] = [
  {
    route: 'POST /api/admin/news',
    run: () => call('POST', '/api/admin/news', article({ title: 'خبر جديد منشور' })),
    drops: () => ['/api/news', '/api/news/category/libya', '/'],
    keeps: NEWS_UNRELATED,
  },
  {
    route: 'PUT /api/admin/news/:id',
    run: () => call('PUT', `/api/admin/news/${ids.article}`, article({ title: 'عنوان جديد' })),
    drops: () => [`/api/news/${ids.article}`, '/api/news', '/'],
    keeps: NEWS_UNRELATED,
  },
  {
    route: 'PATCH /api/admin/news/:id/featured',
    run: () => call('PATCH', `/api/admin/news/${ids.article}/featured`, { featured: true }),
    drops: () => ['/api/news/featured', `/api/news/${ids.article}`],
    keeps: NEWS_UNRELATED,
  },
  {
    route: 'DELETE /api/admin/news/:id',
    run: () => call('DELETE', `/api/admin/news/${ids.doomed}`),
    drops: () => [`/api/news/${ids.doomed}`, '/api/news', '/api/news/category/libya'],
    keeps: NEWS_UNRELATED,
  },
  {
    route: 'POST /api/admin/news/:id/transition',
    run: () => call('POST', `/api/admin/news/${ids.live}/transition`, { action: 'unpublish' }),
    drops: () => [`/api/news/${ids.live}`, '/api/news', '/api/news/category/sports', '/sitemap.xml', '/rss.xml'],
    keeps: () => [`/api/news/${ids.other}`, '/api/breaking-news', '/api/prayer-times'],
  },
  {
    route: 'PUT /api/admin/news/:id/autosave',
    run: () =>
      call('PUT', `/api/admin/news/${ids.draft}/autosave`, { ...article({ title: 'مسودة تكتب' }), version: 1 }),
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'DELETE /api/admin/news/:id/autosave',
    run: () => call('DELETE', `/api/admin/news/${ids.article}/autosave`),
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'POST /api/admin/news/:id/presence',
    run: () => call('POST', `/api/admin/news/${ids.article}/presence`),
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'DELETE /api/admin/news/:id/presence',
    run: () => call('DELETE', `/api/admin/news/${ids.article}/presence`),
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'PUT /api/admin/me/profile',
    run: () => call('PUT', '/api/admin/me/profile', { fullName: 'رئيس التحرير', bio: 'نبذة' }),
    // The chief is named on an article: every article response goes (names show on bylines and cards).
    drops: () => ['/api/news', `/api/news/${ids.article}`],
    keeps: () => ['/api/breaking-news', '/api/prayer-times'],
  },
  // Live coverage: starting and ending it drops the lists that show its «مباشر» badge; an entry, an edit, a pin or a
  // deletion drops only the coverage's own answers and page, never the front page or the lists.
  {
    route: 'POST /api/admin/live',
    run: () => call('POST', '/api/admin/live', { newsId: ids.coverage }),
    drops: () => [`/api/live/${ids.coverage}`, `/api/news/${ids.coverage}`, '/api/news', `/news/${ids.coverage}`, '/'],
    keeps: NEWS_UNRELATED,
  },
  {
    route: 'POST /api/admin/live/:id/entries',
    run: async () => {
      const res = await call('POST', `/api/admin/live/${ids.coverage}/entries`, { body: '<p>تحديث</p>' });
      ids.entry = res.json<{ id: number }>().id;
      return res;
    },
    drops: () => [`/api/live/${ids.coverage}`, `/api/live/${ids.coverage}/updates`, `/news/${ids.coverage}`],
    keeps: () => ['/', '/api/news', `/api/news/${ids.coverage}`, '/api/news/category/sports', ...NEWS_UNRELATED()],
  },
  {
    route: 'PUT /api/admin/live/:id/entries/:entryId',
    run: () =>
      call('PUT', `/api/admin/live/${ids.coverage}/entries/${ids.entry}`, { body: '<p>تصحيح</p>', version: 1 }),
    drops: () => [`/api/live/${ids.coverage}`, `/api/live/${ids.coverage}/updates`, `/news/${ids.coverage}`],
    keeps: () => ['/', '/api/news', `/api/news/${ids.coverage}`, '/api/news/category/sports'],
  },
  {
    route: 'PUT /api/admin/live/:id/pin',
    run: () => call('PUT', `/api/admin/live/${ids.coverage}/pin`, { entryId: ids.entry }),
    drops: () => [`/api/live/${ids.coverage}`, `/api/live/${ids.coverage}/updates`, `/news/${ids.coverage}`],
    keeps: () => ['/', '/api/news', `/api/news/${ids.coverage}`],
  },
  {
    route: 'DELETE /api/admin/live/:id/entries/:entryId',
    run: () => call('DELETE', `/api/admin/live/${ids.coverage}/entries/${ids.entry}`),
    drops: () => [`/api/live/${ids.coverage}`, `/api/live/${ids.coverage}/updates`, `/news/${ids.coverage}`],
    keeps: () => ['/', '/api/news', `/api/news/${ids.coverage}`],
  },
  {
    route: 'PUT /api/admin/live/:id/state',
    run: () => call('PUT', `/api/admin/live/${ids.coverage}/state`, { state: 'ended' }),
    drops: () => [`/api/live/${ids.coverage}/updates`, '/api/news', `/news/${ids.coverage}`, '/'],
    keeps: NEWS_UNRELATED,
  },
  {
    route: 'POST /api/admin/breaking-news',
    run: () => call('POST', '/api/admin/breaking-news', { title: 'عاجل جديد' }),
    drops: () => ['/api/breaking-news', '/'],
    keeps: () => ['/api/news', '/api/categories', `/api/news/${ids.other}`],
  },
  {
    route: 'PUT /api/admin/breaking-news/:id',
    run: () => call('PUT', `/api/admin/breaking-news/${ids.breaking}`, { isActive: false }),
    drops: () => ['/api/breaking-news', '/'],
    keeps: () => ['/api/news', '/api/categories'],
  },
  {
    route: 'DELETE /api/admin/breaking-news/:id',
    run: () => call('DELETE', `/api/admin/breaking-news/${ids.breaking}`),
    drops: () => ['/api/breaking-news'],
    keeps: () => ['/api/news', '/api/categories'],
  },
  {
    route: 'POST /api/admin/categories',
    run: () => call('POST', '/api/admin/categories', { name: 'ثقافة', slug: 'culture', isActive: true }),
    drops: () => ['/api/categories', '/'],
    keeps: () => ['/api/breaking-news', '/api/prayer-times'],
  },
  {
    route: 'PUT /api/admin/categories/:id',
    run: () => call('PUT', `/api/admin/categories/${ids.empty}`, { isActive: false }),
    drops: () => ['/api/categories', '/api/news'],
    keeps: () => ['/api/breaking-news', '/api/prayer-times'],
  },
  {
    route: 'POST /api/admin/categories/reorder',
    run: () => call('POST', '/api/admin/categories/reorder', { id: ids.empty, direction: 'up' }),
    drops: () => ['/api/categories'],
    keeps: () => ['/api/breaking-news', '/api/prayer-times'],
  },
  {
    route: 'DELETE /api/admin/categories/:id',
    run: () => call('DELETE', `/api/admin/categories/${ids.empty}`),
    drops: () => ['/api/categories'],
    keeps: () => ['/api/breaking-news', '/api/prayer-times'],
  },
  {
    route: 'POST /api/admin/prayer-times/import',
    run: () => call('POST', '/api/admin/prayer-times/import', {}),
    drops: () => ['/api/prayer-times'],
    keeps: () => ['/api/news', '/api/breaking-news'],
  },
  {
    route: 'PUT /api/admin/prayer-times/:id',
    run: async () => {
      const [row] = (await call('GET', '/api/admin/prayer-times')).json();
      return call('PUT', `/api/admin/prayer-times/${row.id}`, { ...row, fajr: '05:00' });
    },
    drops: () => ['/api/prayer-times'],
    keeps: () => ['/api/news', '/api/breaking-news'],
  },
  {
    route: 'PUT /api/admin/settings',
    run: () =>
      call('PUT', '/api/admin/settings', {
        siteName: 'صحيفة الغد',
        description: 'وصف',
        contactEmail: 'info@sahifa.ly',
        social: { facebook: '', x: '', youtube: '', instagram: '' },
        hijriAdjustment: 0,
      }),
    drops: () => ['/api/settings', '/'],
    keeps: () => ['/api/news', '/api/breaking-news'],
  },
  {
    route: 'POST /api/admin/admins',
    run: () =>
      call('POST', '/api/admin/admins', {
        username: 'newbie',
        fullName: 'جديد',
        email: 'n@sahifa.ly',
        password: 'secret-1',
        roleName: 'editor',
      }),
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'PUT /api/admin/admins/:id/password',
    run: () => call('PUT', `/api/admin/admins/${ids.victim}/password`, { password: 'another-1' }),
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'PUT /api/admin/me/password',
    run: () => call('PUT', '/api/admin/me/password', { currentPassword: 'secret-pass-1', password: 'secret-pass-1' }),
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'DELETE /api/admin/admins/:id',
    run: () => call('DELETE', `/api/admin/admins/${ids.victim}`),
    // The account wrote nothing: no public page named it.
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'POST /api/admin/admins/:id/2fa/reset',
    run: () => call('POST', `/api/admin/admins/${ids.colleague}/2fa/reset`),
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'POST /api/admin/admins/:id/unlock',
    run: () => call('POST', `/api/admin/admins/${ids.colleague}/unlock`),
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'POST /api/admin/media',
    run: async () => {
      const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      return uploadFile(t.app, (await login(t.app, 'chief')).cookie!, png);
    },
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'DELETE /api/admin/media/:id',
    run: async () => {
      const id = '0000000a-0000-4000-8000-00000000000a';
      await t.database.pool.query(
        `insert into media (id, original_name, source_type, width, height, widths, bytes) values ($1, 'x.png', 'png', 20, 20, '{400}', 1)`,
        [id],
      );
      return call('DELETE', `/api/admin/media/${id}`);
    },
    // An unused image: no page showed it.
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  // Sending to readers changes no page.
  {
    route: 'PUT /api/admin/newsletter/settings',
    run: () => call('PUT', '/api/admin/newsletter/settings', { digestEnabled: true, digestHour: 8 }),
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'DELETE /api/admin/newsletter/subscribers/:id',
    run: async () => call('DELETE', `/api/admin/newsletter/subscribers/${(await addSubscriber(t.database.db)).id}`),
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'POST /api/admin/newsletter/campaign',
    run: async () => {
      await addSubscriber(t.database.db, { state: 'pending', legacy: true, confirmedAt: null });
      return call('POST', '/api/admin/newsletter/campaign');
    },
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'POST /api/admin/alerts/preview',
    run: () =>
      call('POST', '/api/admin/alerts/preview', { source: { type: 'news', id: ids.other }, channels: ['email'] }),
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'POST /api/admin/alerts',
    run: async () => {
      const source = { type: 'breaking', id: (await addBreaking(t.database.db, { title: 'عاجل للإرسال' })).id };
      const { confirmation } = (
        await call('POST', '/api/admin/alerts/preview', { source, channels: ['email'] })
      ).json();
      return call('POST', '/api/admin/alerts', { source, channels: ['email'], confirmation });
    },
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'POST /api/admin/sends/:id/cancel',
    run: async () => {
      const { rows } = await t.database.pool.query(
        `insert into fanout_sends (channel, kind, title, payload, created_at, next_at)
         values ('email', 'digest', 'نشرة', '{}', now(), now() + interval '1 day') returning id`,
      );
      return call('POST', `/api/admin/sends/${rows[0].id}/cancel`);
    },
    drops: () => [],
    keeps: NOTHING_PUBLIC,
  },
  {
    route: 'PUT /api/admin/media/:id',
    run: async () => {
      // The article's picture: what is said about it changes on its page and on every list with its card.
      const id = '0000000b-0000-4000-8000-00000000000b';
      await t.database.pool.query(
        `insert into media (id, original_name, source_type, width, height, widths, bytes) values ($1, 'y.png', 'png', 20, 20, '{400}', 1)`,
        [id],
      );
      await t.database.pool.query('insert into media_usages (media_id, news_id) values ($1, $2)', [id, ids.article]);
      return call('PUT', `/api/admin/media/${id}`, { alt: 'وصف', caption: 'تعليق جديد', credit: 'رويترز' });
    },
    drops: () => [`/api/news/${ids.article}`, '/api/news'],
    keeps: NEWS_UNRELATED,
  },
  {
    route: 'PUT /api/admin/ads/placements/:key',
    run: () => call('PUT', '/api/admin/ads/placements/header', { enabled: true, afterParagraph: 3, networkCode: '' }),
    // Pages are rendered with the placements' boxes.
    drops: () => ['/api/ads/placements', '/api/ads', '/', `/news/${ids.other}`],
    keeps: NEWS_UNRELATED,
  },
  {
    route: 'POST /api/admin/ads/campaigns',
    run: async () => call('POST', '/api/admin/ads/campaigns', await adCampaign()),
    drops: () => ['/api/ads', '/api/ads?section=libya'],
    // A campaign changes no page: the browser asks /api/ads.
    keeps: () => [...NEWS_UNRELATED(), '/', `/news/${ids.other}`, '/api/ads/placements'],
  },
  {
    route: 'PUT /api/admin/ads/campaigns/:id',
    run: async () => {
      const c = await call('POST', '/api/admin/ads/campaigns', await adCampaign());
      return call('PUT', `/api/admin/ads/campaigns/${(c.json() as { id: number }).id}`, {
        ...(await adCampaign()),
        paused: true,
      });
    },
    drops: () => ['/api/ads'],
    keeps: () => [...NEWS_UNRELATED(), '/'],
  },
  {
    route: 'DELETE /api/admin/ads/campaigns/:id',
    run: async () => {
      const c = await call('POST', '/api/admin/ads/campaigns', await adCampaign());
      return call('DELETE', `/api/admin/ads/campaigns/${(c.json() as { id: number }).id}`);
    },
    drops: () => ['/api/ads'],
    keeps: () => [...NEWS_UNRELATED(), '/'],
  },
  {
    route: 'POST /api/admin/news/:id/notes',
    run: () => call('POST', `/api/admin/news/${ids.article}/notes`, { kind: 'correction', text: 'تصحيح' }),
    drops: () => [`/api/news/${ids.article}`, '/api/corrections'],
    keeps: NEWS_UNRELATED,
  },
  {
    route: 'POST /api/admin/news/:id/notes/:noteId/remove',
    run: async () => {
      const { rows } = await t.database.pool.query(
        `insert into news_notes (news_id, kind, body, created_at, created_by_name) values ($1, 'clarification', 'توضيح', now(), 'chief') returning id`,
        [ids.article],
      );
      return call('POST', `/api/admin/news/${ids.article}/notes/${rows[0].id}/remove`, { reason: 'خطأ' });
    },
    drops: () => [`/api/news/${ids.article}`, '/api/corrections'],
    keeps: NEWS_UNRELATED,
  },
  {
    route: 'POST /api/admin/news/:id/editorial-notes',
    run: () => call('POST', `/api/admin/news/${ids.draft}/editorial-notes`, { text: 'ملاحظة للمحرر' }),
    drops: () => [],
    keeps: () => [...NOTHING_PUBLIC(), '/api/corrections'],
  },
  {
    route: 'PATCH /api/admin/news/:id/editorial-notes/:noteId',
    run: async () => {
      const { rows } = await t.database.pool.query(
        `insert into editorial_notes (news_id, body, author_name, created_at) values ($1, 'ملاحظة', 'chief', now()) returning id`,
        [ids.draft],
      );
      return call('PATCH', `/api/admin/news/${ids.draft}/editorial-notes/${rows[0].id}`, { resolved: true });
    },
    drops: () => [],
    keeps: () => [...NOTHING_PUBLIC(), '/api/corrections'],
  },
];

/**
 * Writes that change nothing anyone else sees: signing in (and its second step) and out, ending one's own sessions,
 * proving one's identity again, one's own second factors, and the sign-in policy.
 */
const NOT_CONTENT = [
  'POST /api/admin/login',
  'POST /api/admin/login/code',
  'POST /api/admin/login/passkey/options',
  'POST /api/admin/login/passkey',
  'POST /api/admin/logout',
  'DELETE /api/admin/me/sessions/:id',
  'DELETE /api/admin/me/sessions',
  'POST /api/admin/me/reauth',
  'POST /api/admin/me/reauth/passkey/options',
  'POST /api/admin/me/reauth/passkey',
  'POST /api/admin/me/2fa/totp',
  'POST /api/admin/me/2fa/totp/confirm',
  'DELETE /api/admin/me/2fa/totp',
  'POST /api/admin/me/2fa/recovery-codes',
  'POST /api/admin/me/passkeys/options',
  'POST /api/admin/me/passkeys',
  'DELETE /api/admin/me/passkeys/:id',
  // The sign-in policy: fixed here by STAFF_2FA_ROLES (so refused); mfa.routes.test.ts changes it. It drops no tag.
  'PUT /api/admin/security-settings',
];

const state = async (url: string) => (await t.app.inject({ url, headers: { host: 'sahifa.test' } })).headers['x-cache'];

describe('admin writes and the cache', () => {
  it('covers every admin write route', () => {
    const writes = t.app.routesList
      .filter((r) => r.url.startsWith('/api/admin') && r.method !== 'GET')
      .map((r) => `${r.method} ${r.url}`);
    const covered = new Set([...WRITES.map((w) => w.route), ...NOT_CONTENT]);
    expect(writes.filter((w) => !covered.has(w))).toEqual([]);
  });

  it.each(WRITES.map((w) => [w.route, w] as const))('%s drops what it changed and keeps the rest', async (_r, w) => {
    const urls = [...w.drops(), ...w.keeps()];
    for (const url of urls) await state(url); // fill
    for (const url of urls) expect(await state(url), `${url} cached before the write`).toBe('HIT');
    const res = await w.run();
    expect(res.statusCode, w.route).toBeLessThan(300);
    for (const url of w.drops()) expect(await state(url), `${url} dropped by ${w.route}`).not.toBe('HIT');
    for (const url of w.keeps()) expect(await state(url), `${url} kept by ${w.route}`).toBe('HIT');
  });
});
