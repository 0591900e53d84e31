import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addAdmin, as, login, ORIGIN } from '../../test/admin-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await addAdmin(t.database.db, 'chief', 'admin');
  await addAdmin(t.database.db, 'writer', 'editor');
  await addAdmin(t.database.db, 'victim', 'editor');
  await addAdmin(t.database.db, 'crowd', 'editor');
  await addAdmin(t.database.db, 'racer', 'editor');
  await addAdmin(t.database.db, 'office', 'editor');
});

const loginFrom = (remoteAddress: string, username: string, password = 'secret-pass-1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: ORIGIN },
    payload: { username, password },
    remoteAddress,
  });
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, '1').replace(/\*/g, 'x');

describe('the admin gate', () => {
  it('answers 401 on every admin route without a session (enumerated from the router)', async () => {
    // Signing in (the password, then its second step) is the one way in.
    const routes = t.app.routesList.filter(
      (r) => r.url.startsWith('/api/admin') && !r.url.startsWith('/api/admin/login'),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      const res = await as(t.app, undefined)(r.method as 'GET', concrete(r.url));
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().message).toBe('يجب تسجيل الدخول أولاً');
    }
  });

  it('ignores a bearer token without the cookie (the cookie is the credential)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/news',
      headers: { authorization: 'Bearer session' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to an editor on admin-only routes', async () => {
    const { cookie } = await login(t.app, 'writer');
    const call = as(t.app, cookie);
    for (const [method, url, body] of [
      ['GET', '/api/admin/admins'],
      [
        'POST',
        '/api/admin/admins',
        { username: 'newbie', fullName: 'جديد', email: 'n@sahifa.ly', password: 'secret-1', roleName: 'editor' },
      ],
      ['PUT', '/api/admin/admins/1/password', { password: 'another-1' }],
      ['DELETE', '/api/admin/admins/1'],
      ['GET', '/api/admin/settings'],
      ['GET', '/api/admin/audit-log'],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', '/api/admin/news')).statusCode).toBe(200);
  });

  it('refuses state-changing requests from another origin', async () => {
    const { cookie } = await login(t.app, 'chief');
    const res = await as(t.app, cookie)(
      'POST',
      '/api/admin/breaking-news',
      { title: 'x' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    const noOrigin = await t.app.inject({ method: 'DELETE', url: '/api/admin/news/1', headers: { cookie: cookie! } });
    expect(noOrigin.statusCode).toBe(403);
    const crossLogin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'chief', password: 'secret-pass-1' },
    });
    expect(crossLogin.statusCode).toBe(403);
  });
});

describe('login, session and logout', () => {
  it('refuses a wrong password with an Arabic message, and validates the fields', async () => {
    const { res } = await login(t.app, 'chief', 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('اسم المستخدم أو كلمة المرور غير صحيحة');
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: ORIGIN },
      payload: { username: 'ab', password: '123' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('اسم المستخدم يجب أن يكون 3 أحرف على الأقل');
  });

  it('signs in with an httpOnly SameSite=Lax cookie, a new session each time, and logs out on the server', async () => {
    const first = await login(t.app, 'chief');
    expect(first.res.statusCode).toBe(200);
    expect(first.res.json()).toMatchObject({
      message: 'تم تسجيل الدخول بنجاح',
      admin: { username: 'chief', fullName: 'chief الكامل', role: 'admin' },
    });
    expect(first.res.json().admin.passwordHash).toBeUndefined();
    expect(first.setCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const second = await login(t.app, 'chief');
    expect(second.cookie).not.toBe(first.cookie);

    const session = await as(t.app, second.cookie)('GET', '/api/admin/session');
    expect(session.json().admin.username).toBe('chief');
    expect((await as(t.app, second.cookie)('POST', '/api/admin/logout')).statusCode).toBe(200);
    expect((await as(t.app, second.cookie)('GET', '/api/admin/session')).statusCode).toBe(401);
    expect((await as(t.app, first.cookie)('GET', '/api/admin/session')).statusCode).toBe(200);
    const stored = await t.database.pool.query('select token_hash from sessions');
    for (const row of stored.rows) expect(first.cookie).not.toContain(row.token_hash);
  });

  it('slows guesses at a username from one address, even with the right password, and says so', async () => {
    for (let i = 0; i < 5; i++) expect((await login(t.app, 'victim', 'bad-guess')).res.statusCode).toBe(401);
    const blocked = await login(t.app, 'victim');
    expect(blocked.res.statusCode).toBe(429);
    expect(blocked.res.json().message).toBe('تم تجاوز عدد محاولات الدخول المسموح بها، يرجى المحاولة بعد 15 دقيقة');
    expect((await login(t.app, 'crowd')).res.statusCode).toBe(200); // other accounts are not locked out
    expect((await loginFrom('198.51.100.200', 'victim')).statusCode).toBe(200); // nor its owner elsewhere
    const rows = await t.database.pool.query("select key from login_attempts where key like 'addr:%' limit 1");
    expect(rows.rows[0].key).not.toContain('127.0.0.1'); // addresses are stored only as hashes
  });

  it('counts racing attempts one after another: twenty guesses at once get five tries, not twenty', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => loginFrom('198.51.100.1', 'racer', `guess-${i}`)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    expect((await loginFrom('198.51.100.1', 'racer')).statusCode).toBe(429);
  });

  it("keeps counting an address's failures when someone else signs in from it", async () => {
    const address = '203.0.113.50';
    // Nineteen wrong guesses at accounts that do not exist, then a colleague signs in from the same address.
    for (let i = 0; i < 19; i++) expect((await loginFrom(address, `nobody-${i}`, 'x-guess')).statusCode).toBe(401);
    expect((await loginFrom(address, 'office')).statusCode).toBe(200);
    expect((await loginFrom(address, 'nobody-x', 'x-guess')).statusCode).toBe(401);
    // The twentieth failure reached the address's limit: the next attempt from it waits, whatever the account.
    expect((await loginFrom(address, 'crowd')).statusCode).toBe(429);
    expect((await loginFrom('203.0.113.51', 'crowd')).statusCode).toBe(200);
  });
});
