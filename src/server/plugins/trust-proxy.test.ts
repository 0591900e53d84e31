/** TRUST_PROXY: a client cannot choose its own address by writing X-Forwarded-For, nor a scheme other than http(s). */
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAdmin } from '../test/admin-client';
import { addCategory, addNews } from '../test/fixtures';
import { createTestApp, testConfig, type TestApp } from '../test/harness';
import { compileTrust, fastOrigin, forwardedProto } from './cache/keys';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: testConfig({ TRUST_PROXY: '1' }),
    assets: { script: '/assets/reader.js', preloadScripts: [], styles: ['/assets/reader.css'] },
  });
});
afterAll(() => t.close());

it('keys rate limits on the address our one proxy saw, not on the left-most value the client wrote', async () => {
  const signUp = (i: number, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { fullName: 'قارئ', email: `reader-${i}@example.ly` },
    });
  // Ten sign-ups a minute per address (each taken: 202, its confirmation on its way): a new spoofed left-most value each time does not make a new address.
  for (let i = 0; i < 10; i++) expect((await signUp(i, `10.9.9.${i}, 198.51.100.7`)).statusCode).toBe(202);
  expect((await signUp(10, '10.9.9.99, 198.51.100.7')).statusCode).toBe(429);
  // A reader behind another address is not affected.
  expect((await signUp(11, '10.9.9.99, 198.51.100.8')).statusCode).toBe(202);
});

describe('X-Forwarded-Proto from the trusted proxy', () => {
  const page = (url: string, proto: string) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: '127.0.0.1',
      headers: { host: 'sahifa.test', 'x-forwarded-proto': proto },
    });
  const links = (body: string) => ({
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(body)?.[1],
    ogUrl: /<meta property="og:url" content="([^"]*)"/.exec(body)?.[1],
  });

  it('is taken only as http or https: anything else falls back to the connection, never into canonical or og:url', async () => {
    await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
    const { id } = await addNews(t.database.db, { category: 'libya' });
    for (const url of ['/', `/news/${id}`]) {
      for (const proto of ['javascript', 'JavaScript, https', 'data', ' ', 'https:', 'http://evil.test']) {
        const res = await page(url, proto);
        expect(res.statusCode, `${url} ${proto}`).toBe(200);
        const { canonical, ogUrl } = links(res.body);
        expect(canonical, `${url} ${proto}`).toMatch(/^http:\/\/sahifa\.test\//);
        expect(ogUrl, `${url} ${proto}`).toMatch(/^http:\/\/sahifa\.test\//);
        expect(res.body, `${url} ${proto}`).not.toMatch(/javascript:|data:\/\/|evil/i);
      }
      for (const proto of ['https', 'HTTPS', ' https , http']) {
        const res = await page(url, proto);
        const { canonical, ogUrl } = links(res.body);
        expect(canonical, `${url} ${proto}`).toMatch(/^https:\/\/sahifa\.test\//);
        expect(ogUrl, `${url} ${proto}`).toMatch(/^https:\/\/sahifa\.test\//);
      }
      const plain = links((await page(url, 'http')).body);
      expect(plain.canonical).toMatch(/^http:\/\/sahifa\.test\//);
    }
  });

  it('is read by the same rule before Fastify (the cache fast path keys on it)', () => {
    const trustAll = compileTrust(1);
    const raw = (proto: string | undefined, encrypted = false) =>
      ({
        socket: { remoteAddress: '127.0.0.1', encrypted },
        headers: { host: 'sahifa.test', ...(proto === undefined ? {} : { 'x-forwarded-proto': proto }) },
      }) as unknown as IncomingMessage;
    expect(fastOrigin(raw('javascript'), trustAll)).toBe('http://sahifa.test');
    expect(fastOrigin(raw('javascript', true), trustAll)).toBe('https://sahifa.test');
    expect(fastOrigin(raw('HTTPS, http'), trustAll)).toBe('https://sahifa.test');
    expect(fastOrigin(raw('http'), trustAll)).toBe('http://sahifa.test');
    expect(fastOrigin(raw(undefined), trustAll)).toBe('http://sahifa.test');
    // Not from a trusted proxy: the header is not read at all.
    expect(fastOrigin(raw('https'), compileTrust(false))).toBe('http://sahifa.test');
    expect(forwardedProto(['https', 'http'])).toBe('https');
    expect(forwardedProto('javascript')).toBeUndefined();
  });
});

it('gives the sign-in cookie and the same-origin check the same scheme as the pages', async () => {
  await addAdmin(t.database.db, 'proto.writer', 'writer');
  const signIn = (proto: string, origin: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: '127.0.0.1',
      headers: { host: 'sahifa.test', 'x-forwarded-proto': proto, origin },
      payload: { username: 'proto.writer', password: 'secret-pass-1' },
    });
  // A made-up scheme is not this site's origin, whatever Origin the request claims to match it with.
  expect((await signIn('javascript', 'javascript://sahifa.test')).statusCode).toBe(403);
  const plain = await signIn('javascript', 'http://sahifa.test');
  expect(plain.statusCode).toBe(200);
  expect(plain.cookies.find((c) => c.name === 'sahifa_session')?.secure).toBeFalsy();
  const secure = await signIn('HTTPS', 'https://sahifa.test');
  expect(secure.statusCode).toBe(200);
  expect(secure.cookies.find((c) => c.name === 'sahifa_session')?.secure).toBe(true);
});
