import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addAdmin, as, login } from '../../test/admin-client';
import { addBreaking, addCategory, addNews } from '../../test/fixtures';

let t: TestApp;
let call: ReturnType<typeof as>;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  const article = await addNews(t.database.db, { category: 'libya' });
  // Seven readers open it today (the beacons are batched, then written).
  for (let i = 0; i < 7; i++) await t.app.inject({ method: 'POST', url: `/api/news/${article.id}/view` });
  await t.app.modules.viewCounter.flush();
  await addBreaking(t.database.db, { title: 'عاجل' });
  await addAdmin(t.database.db, 'chief', 'admin');
  call = as(t.app, (await login(t.app, 'chief')).cookie);
});
afterAll(() => t.close());

it("counts today's page views, visits, unique visitors and devices, keeping no address", async () => {
  const visit = (ua: string, ip: string, referer?: string) =>
    t.app.inject({ url: '/', headers: { 'user-agent': ua, ...(referer ? { referer } : {}) }, remoteAddress: ip });
  await visit(PHONE, '10.0.0.1');
  await visit(PHONE, '10.0.0.1', 'http://localhost:80/'); // same reader, inside the site
  await visit(DESKTOP, '10.0.0.2');
  // A page the reader app showed by itself (client-side navigation) counts as a page view, not a visit.
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/pageview',
        headers: { 'user-agent': DESKTOP },
        remoteAddress: '10.0.0.2',
      })
    ).statusCode,
  ).toBe(204);
  await t.app.inject({ url: '/', headers: { 'user-agent': 'Googlebot/2.1' } }); // crawlers are not readers
  // Views are recorded after each response is sent, then flushed in batches.
  const today = async () => {
    await t.app.stats.flush();
    return (await call('GET', '/api/admin/statistics')).json();
  };
  await expect.poll(async () => (await today()).today.pageViews).toBe(4);
  const stats = await today();
  expect(stats.today).toEqual({ visitors: 2, pageViews: 4, uniqueVisitors: 2 });
  expect(stats.activeBreakingNews).toBe(1);
  expect(stats.devices).toEqual(
    expect.arrayContaining([
      { device: 'mobile', visitors: 1 },
      { device: 'desktop', visitors: 1 },
    ]),
  );
  expect(stats.latestNews).toHaveLength(1);
  const dump = JSON.stringify((await t.database.pool.query('select * from daily_visitors')).rows);
  expect(dump).not.toContain('10.0.0.1');

  const detailed = (await call('GET', '/api/admin/statistics/detailed')).json();
  expect(detailed.days).toHaveLength(30);
  expect(detailed.days.at(-1)).toMatchObject({ pageViews: 4, uniqueVisitors: 2 });
  expect(detailed.byCategory).toEqual([{ category: 'libya', name: 'ليبيا', views: 7 }]);
  expect(detailed.topArticles[0].views).toBe(7);
  expect((await call('GET', '/api/admin/news/views')).json()).toEqual({ totalViews: 7 });
});
