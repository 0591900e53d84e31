import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../shared/schemas/common';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('errors', () => {
  it('answers unknown /api paths with a JSON 404 in Arabic', async () => {
    for (const url of ['/api/nothing', '/api/news/1/comments', '/api/admin-nope']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      const body = res.json();
      expect(errorBody.safeParse(body).success).toBe(true);
      expect(body).toMatchObject({ code: 'NOT_FOUND', message: 'المسار المطلوب غير موجود' });
    }
  });

  it('gives every error the request id', async () => {
    const a = (await t.app.inject('/api/nothing')).json().requestId;
    const b = (await t.app.inject('/api/nothing')).json().requestId;
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it('strips NUL and other control characters from every string before it reaches a schema or the database', async () => {
    const { addAdmin, as, login } = await import('../test/admin-client');
    for (const url of [
      '/api/search?q=%00',
      '/api/search?q=%00%01طرابلس%7F',
      '/api/news/category/lib%00ya',
      '/category/%00',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { fullName: 'سال\u0000م\u0007', email: 'nul\u0000@example.ly' },
    });
    expect(signup.statusCode).toBe(202); // taken; the confirmation e-mail is on its way
    const stored = await t.database.pool.query(
      "select full_name, email from newsletter_subscribers where email like 'nul%'",
    );
    expect(stored.rows).toEqual([{ full_name: 'سالم', email: 'nul@example.ly' }]);
    // An admin write with NUL in every text field: stored clean, never a 500.
    await addAdmin(t.database.db, 'nul-chief', 'admin');
    const chief = as(t.app, (await login(t.app, 'nul-chief')).cookie);
    const created = await chief('POST', '/api/admin/breaking-news', { title: 'عاجل\u0000 خبر\u001b', priority: 1 });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const row = await t.database.pool.query("select title from breaking_news where title like 'عاجل%خبر'");
    expect(row.rows).toEqual([{ title: 'عاجل خبر' }]);
  });

  it('reads ids and numbers in decimal digits only: one article, one address', async () => {
    for (const url of [
      '/api/news/0x10',
      '/api/news/1e1',
      '/api/news/%2010',
      '/api/news?limit=0x5',
      '/api/search?q=x&page=1e2',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('treats "//host/" as a path that does not exist, as the browser does, not as the home page', async () => {
    const res = await t.app.inject('//evil.example/');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('evil.example/"');
  });

  it('never logs the parameters of a failed statement', async () => {
    const { errSerializer } = await import('../lib/logging');
    let caught: unknown;
    try {
      await t.database.db.execute(sql`select ${'secret-argon-hash'}::text, 1 / 0`);
    } catch (err) {
      caught = err;
    }
    const logged = JSON.stringify(errSerializer(caught as Error));
    expect(logged).toContain('select $1::text, 1 / 0');
    expect(logged).not.toContain('secret-argon-hash');
  });

  it('answers 503 in Arabic, not 500, when no database connection can be had, and /healthz within a second', async () => {
    // Every connection of the pool held elsewhere: a request waits for one, gives up, and says the service is busy.
    const held = await Promise.all(Array.from({ length: 5 }, () => t.database.pool.connect()));
    try {
      const res = await t.app.inject('/api/news/most-read?limit=3&window=all&x=' + Date.now());
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeTruthy();
      expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
      const asked = Date.now();
      const health = await t.app.inject('/healthz');
      expect(health.statusCode).toBe(503);
      expect(Date.now() - asked).toBeLessThan(1500);
    } finally {
      for (const c of held) c.release();
    }
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  }, 20_000);

  it('never answers malformed input with a 500', async () => {
    const attempts = [
      t.app.inject({
        method: 'POST',
        url: '/api/news/1/view',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken"',
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/news/1/view',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      }),
      t.app.inject({ method: 'GET', url: '/api/news/%E0%A4%A' }),
      t.app.inject({ method: 'GET', url: `/api/categories/slug/${'x'.repeat(500)}` }),
      t.app.inject({ method: 'GET', url: '/api/news?limit=1&limit=2' }),
      t.app.inject({ method: 'GET', url: '/api/news/most-read?limit=%00' }),
      t.app.inject({ method: 'DELETE', url: '/api/news/1' }),
      t.app.inject({
        method: 'POST',
        url: '/api/news/1/view',
        headers: { 'content-type': 'application/json' },
        payload: 'x'.repeat(2 * 1024 * 1024),
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('reports the database as healthy', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
