/**
 * Impression beacons over real HTTP, where they are answered before Fastify: the same answer as the route's, every
 * acknowledged one stored through a graceful stop, bad bodies and robots handled by the app's own rules.
 */
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { addAdmin, as, login, uploadFile } from '../../test/admin-client';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/harness';

const READER_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const stored = async () =>
  Number((await database.pool.query('select coalesce(sum(impressions), 0)::int as n from ad_daily_stats')).rows[0].n);

describe('impression beacons before Fastify', () => {
  it('answers as the route does, counts every acknowledged impression, and leaves the rest to the app', async () => {
    const app = await buildApp({ config: testConfig({ VIEW_FLUSH_MS: '10000' }), db: database.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      await addAdmin(database.db, 'fast-ads', 'admin');
      const cookie = (await login(app, 'fast-ads')).cookie!;
      const admin = as(app, cookie);
      const png = await sharp({ create: { width: 600, height: 500, channels: 3, background: '#7c2d12' } })
        .png()
        .toBuffer();
      const uploaded = await uploadFile(app, cookie, png);
      const c = (
        await admin('POST', '/api/admin/ads/campaigns', {
          advertiser: 'ليبيانا',
          name: 'سريع',
          startsAt: new Date(Date.now() - 60_000).toISOString(),
          endsAt: new Date(Date.now() + 86_400_000).toISOString(),
          placements: ['sidebar'],
          sections: [],
          weight: 1,
          dailyCap: null,
          paused: false,
          creatives: [
            { desktopImage: uploaded.json().id, phoneImage: null, alt: 'ليبيانا', url: 'https://libyana.ly' },
          ],
        })
      ).json();
      const creative = c.creatives[0].id as number;
      const beacon = (body: unknown, ua = READER_UA) =>
        fetch(`${origin}/api/ads/impressions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': ua },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        });
      const one = { i: [{ c: creative, p: 'sidebar', d: 'desktop' }] };

      const first = await beacon(one); // Fastify's route: the fast path learns its headers
      const second = await beacon(one); // the fast path
      expect(first.status).toBe(204);
      expect(second.status).toBe(204);
      const names = (r: Response) =>
        [...r.headers.keys()].filter((n) => !['date', 'connection', 'keep-alive', 'content-length'].includes(n)).sort();
      expect(names(second)).toEqual(names(first));
      for (const name of names(first)) expect(second.headers.get(name), name).toBe(first.headers.get(name));
      expect(app.impressionBeacons.answered).toBe(1);

      const many = await Promise.all(Array.from({ length: 300 }, () => beacon(one)));
      expect(many.every((r) => r.status === 204)).toBe(true);
      expect(app.impressionBeacons.answered).toBe(301);

      // A body the route would refuse gets the route's own Arabic answer; a robot's beacon is answered, not counted.
      const bad = await beacon({ i: [{ c: creative, p: 'sidebar', d: 'tablet' }] });
      expect(bad.status).toBe(400);
      const viaRoute = await app.inject({
        method: 'POST',
        url: '/api/ads/impressions',
        headers: { 'content-type': 'application/json' },
        payload: { i: [{ c: creative, p: 'sidebar', d: 'tablet' }] },
      });
      const { requestId: _a, ...badBody } = (await bad.json()) as Record<string, unknown>;
      const { requestId: _b, ...routeBody } = viaRoute.json() as Record<string, unknown>;
      expect(badBody).toEqual(routeBody);
      expect((await beacon('{"i": [')).status).toBe(400);
      expect((await beacon(one, 'Googlebot/2.1 (+http://www.google.com/bot.html)')).status).toBe(204);

      // A stop under way: the app's Arabic 503, nothing counted.
      app.lifecycle.startDraining();
      expect((await beacon(one)).status).toBe(503);
    } finally {
      await app.close();
    }
    // Every acknowledged impression written by the graceful stop (the flush interval was 10 s).
    expect(await stored()).toBe(302);
  });
});
