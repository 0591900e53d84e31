/**
 * View beacons are absorbed in memory and written in batches. Every acknowledged view reaches the database through a
 * graceful stop; a crash can lose only the views acknowledged since the last flush (one interval's worth); a failed
 * flush keeps its counts; an article that stops being visible stops being counted at once.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { connect } from '../../db/client';
import { addAdmin, as, login } from '../../test/admin-client';
import { addCategory, addNews } from '../../test/fixtures';
import { createTestDatabase, createTestModules, testConfig, type TestDatabase } from '../../test/harness';
import { viewCounter } from './view-counter';
import { viewsRepository } from './views.repository';

const total = async (db: TestDatabase, id: number) =>
  Number((await db.pool.query('select views from news_views where news_id = $1', [id])).rows[0]?.views ?? 0);

describe('through the HTTP API', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await addCategory(database.db, { slug: 'libya' });
  });
  afterAll(() => database.drop());

  it('counts every acknowledged view exactly, under concurrency, through a graceful stop', async () => {
    // No flush during the test: everything counted is in memory until the app stops.
    const app = await buildApp({ config: testConfig({ VIEW_FLUSH_MS: '10000' }), db: database.db });
    await app.ready();
    const articles = [
      (await addNews(database.db, { category: 'libya' })).id,
      (await addNews(database.db, { category: 'libya' })).id,
    ];
    const acknowledged = new Map<number, number>(articles.map((id) => [id, 0]));
    for (let round = 0; round < 10; round++) {
      const res = await Promise.all(
        Array.from({ length: 200 }, (_, i) => app.inject({ method: 'POST', url: `/api/news/${articles[i % 2]}/view` })),
      );
      for (const r of res) if (r.statusCode === 200) acknowledged.set(r.json().id, acknowledged.get(r.json().id)! + 1);
    }
    expect([...acknowledged.values()]).toEqual([1000, 1000]);
    expect(await total(database, articles[0]!)).toBe(0); // not written yet
    await app.close(); // a graceful stop writes the last batch
    for (const id of articles) expect(await total(database, id)).toBe(1000);
    const daily = await database.pool.query('select sum(views)::int n from news_daily_views where news_id = any($1)', [
      articles,
    ]);
    expect(daily.rows[0].n).toBe(2000);
    expect(Number((await database.pool.query("select value from counters where key = 'views'")).rows[0].value)).toBe(
      2000,
    );
  });

  it('stops counting an article the moment it is unpublished, in this instance and in another', async () => {
    const app = await buildApp({ config: testConfig(), db: database.db });
    const second = connect(database.url, { max: 2 });
    const other = await buildApp({ config: testConfig(), db: second.db });
    await Promise.all([app.ready(), other.ready()]);
    await addAdmin(database.db, 'views-editor', 'editor');
    const editor = as(app, (await login(app, 'views-editor')).cookie);
    const id = (await addNews(database.db, { category: 'libya' })).id;
    for (const a of [app, other])
      expect((await a.inject({ method: 'POST', url: `/api/news/${id}/view` })).statusCode).toBe(200);
    expect((await editor('POST', `/api/admin/news/${id}/transition`, { action: 'unpublish' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: `/api/news/${id}/view` })).statusCode).toBe(404);
    await expect
      .poll(async () => (await other.inject({ method: 'POST', url: `/api/news/${id}/view` })).statusCode)
      .toBe(404);
    await Promise.all([app.close(), other.close()]);
    await second.close();
  });
});

describe('over real HTTP, where beacons are answered before Fastify', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await addCategory(database.db, { slug: 'libya' });
  });
  afterAll(() => database.drop());

  it('answers as the route does, counts every acknowledged view, and stops for hidden articles and a stop', async () => {
    const app = await buildApp({ config: testConfig({ VIEW_FLUSH_MS: '10000' }), db: database.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const id = (await addNews(database.db, { category: 'libya' })).id;
    try {
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      await addAdmin(database.db, 'beacon-editor', 'editor');
      const editor = as(app, (await login(app, 'beacon-editor')).cookie);
      const beacon = () => fetch(`${origin}/api/news/${id}/view`, { method: 'POST' });
      const first = await beacon(); // Fastify: looks the article up, and the fast path learns the route's headers
      const second = await beacon(); // the fast path
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      const a = (await first.json()) as { id: number; views: number };
      const b = (await second.json()) as { id: number; views: number };
      expect(b).toEqual({ id, views: a.views + 1 });
      const names = (r: Response) =>
        [...r.headers.keys()].filter((n) => !['date', 'connection', 'keep-alive', 'content-length'].includes(n)).sort();
      expect(names(second)).toEqual(names(first));
      for (const name of names(first)) expect(second.headers.get(name), name).toBe(first.headers.get(name));

      // Many at once, every acknowledged one stored through a graceful stop (below).
      const many = await Promise.all(Array.from({ length: 300 }, () => beacon()));
      expect(many.every((r) => r.status === 200)).toBe(true);
      const views = many.map((r) => r.json() as Promise<{ views: number }>);
      expect(new Set((await Promise.all(views)).map((v) => v.views)).size).toBe(300); // each counted once
      expect(app.beacons.answered).toBe(301); // all but the first, before Fastify

      // Malformed ids and beacons with a body are Fastify's: the same answers as before.
      expect((await fetch(`${origin}/api/news/abc/view`, { method: 'POST' })).status).toBe(400);
      expect((await fetch(`${origin}/api/news/99999999/view`, { method: 'POST' })).status).toBe(404);

      // Unpublished: no longer counted, not even by the fast path.
      expect((await editor('POST', `/api/admin/news/${id}/transition`, { action: 'unpublish' })).statusCode).toBe(200);
      expect((await beacon()).status).toBe(404);

      // A stop under way: Fastify's Arabic 503, nothing counted.
      const other = (await addNews(database.db, { category: 'libya' })).id;
      expect((await fetch(`${origin}/api/news/${other}/view`, { method: 'POST' })).status).toBe(200);
      app.lifecycle.startDraining();
      expect((await fetch(`${origin}/api/news/${other}/view`, { method: 'POST' })).status).toBe(503);
    } finally {
      await app.close();
    }
    expect(await total(database, id)).toBe(302);
  });
});

describe('the batching itself', () => {
  let t: Awaited<ReturnType<typeof createTestModules>>;
  beforeAll(async () => {
    t = await createTestModules();
    await addCategory(t.database.db, { slug: 'libya' });
  });
  afterAll(() => t.close());
  const log = { warn: () => {} };

  it('writes on every tick: a crash loses only what was acknowledged since the last one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const id = (await addNews(t.database.db, { category: 'libya' })).id;
      const counter = viewCounter({
        repo: viewsRepository(t.database.db, () => new Date()),
        now: () => new Date(),
        log,
        flushMs: 1000,
      });
      counter.start();
      for (let i = 0; i < 100; i++) await counter.view(id);
      expect(counter.unflushed).toBe(100);
      await vi.advanceTimersByTimeAsync(1000); // one flush interval
      await counter.flush(); // (waits for the tick's write to finish)
      expect(await total(t.database, id)).toBe(100);
      // Fifty more, and then the process dies before the next tick: exactly those fifty are not in the database.
      for (let i = 0; i < 50; i++) await counter.view(id);
      expect(counter.unflushed).toBe(50);
      expect(await total(t.database, id)).toBe(100);
      await vi.advanceTimersByTimeAsync(1000);
      await counter.flush();
      expect(await total(t.database, id)).toBe(150);
      await counter.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the counts of a failed write for the next one', async () => {
    const id = (await addNews(t.database.db, { category: 'libya' })).id;
    const repo = viewsRepository(t.database.db, () => new Date());
    let failures = 1;
    const flaky = {
      ...repo,
      add: (day: string, batch: Map<number, number>) =>
        failures-- > 0 ? Promise.reject(new Error('connection lost')) : repo.add(day, batch),
    };
    const counter = viewCounter({ repo: flaky, now: () => new Date(), log, flushMs: 1000 });
    for (let i = 0; i < 30; i++) await counter.view(id);
    await counter.flush(); // fails: nothing lost
    expect(counter.unflushed).toBe(30);
    for (let i = 0; i < 5; i++) await counter.view(id);
    await counter.flush();
    expect(counter.unflushed).toBe(0);
    expect(await total(t.database, id)).toBe(35);
    // The count it answers includes what it holds, and what the database has.
    expect(await counter.view(id)).toBe(36);
  });
});
