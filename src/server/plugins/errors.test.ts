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
