/**
 * The edge cache the repository ships (deploy/varnish/sahifa.vcl and site.vcl), for real: Debian's varnishd with the
 * xkey module in front of the built server, whose CDN_PURGE_URL points at it. Readers' pages, feeds and public JSON
 * are answered from Varnish; a published article shows through it within a second of the editor's «تم»; nothing of
 * the newsroom's (admin screens and API, the preview, any request with a session cookie) is ever answered from it.
 * Skipped, saying why, where Varnish is not installed (`.ci/run` installs it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts } from '../src/server/db/embedded';
import { root, startServer, stopLeftovers, waitUntilUp } from '../src/server/test/server-process';

const VARNISHD = ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'].find((p) => fs.existsSync(p));
const XKEY = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib', '/usr/local/lib']
  .map((dir) => path.join(dir, 'varnish/vmods/libvmod_xkey.so'))
  .find((p) => fs.existsSync(p));
const missing = !VARNISHD
  ? 'varnishd is not installed'
  : !XKEY
    ? 'the xkey module (Debian: varnish-modules) is not installed'
    : undefined;
if (missing)
  console.warn(
    `\n[edge-cache.e2e] SKIPPED: ${missing}. Install Debian's varnish and varnish-modules ` +
      '(sudo apt-get install varnish varnish-modules; .ci/run does) to test the Varnish configuration.\n',
  );

const ADMIN = { ADMIN_USERNAME: 'edge-editor', ADMIN_PASSWORD: 'edge-password-1' };

describe.skipIf(!!missing)('Varnish in front of the app (deploy/varnish)', () => {
  let dataDir: string;
  let work: string;
  let varnish: ChildProcess;
  let varnishOut = '';
  let edge: string;
  let cookie: string;

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${edge}${url}`, { headers, redirect: 'manual' });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };
  const staff = (method: string, url: string, body?: unknown) =>
    fetch(`${edge}${url}`, {
      method,
      headers: { cookie, origin: edge, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  beforeAll(async () => {
    const [appPort, edgePort] = await freePorts(2);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-edge-'));
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-varnish-'));
    fs.chmodSync(work, 0o755); // varnishd's worker runs as its own user
    edge = `http://127.0.0.1:${edgePort}`;
    // The shipped site.vcl, pointed at this test's app: only its backend's port differs.
    const site = fs.readFileSync(path.join(root, 'deploy/varnish/site.vcl'), 'utf8');
    expect(site).toContain('.port = "3000";');
    fs.writeFileSync(path.join(work, 'site.vcl'), site.replace('.port = "3000";', `.port = "${appPort}";`));
    varnish = spawn(
      VARNISHD!,
      [
        '-F',
        '-a',
        `127.0.0.1:${edgePort}`,
        '-T',
        'none',
        '-n',
        path.join(work, 'instance'),
        '-p',
        `vcl_path=${work}:${path.join(root, 'deploy/varnish')}`,
        '-f',
        path.join(root, 'deploy/varnish/sahifa.vcl'),
        '-s',
        'malloc,64m',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    varnish.stdout!.on('data', (d) => (varnishOut += d));
    varnish.stderr!.on('data', (d) => (varnishOut += d));

    const app = startServer(appPort!, {
      dataDir,
      env: {
        SEED_DEMO: 'false',
        ...ADMIN,
        // Readers and staff come through Varnish: its address is the site's, and it is the proxy the app trusts.
        PUBLIC_URL: edge,
        TRUST_PROXY: '1',
        CDN_PURGE_URL: `${edge}/.sahifa/purge`,
      },
    });
    await waitUntilUp(appPort!, app);
    // Through Varnish once its probe has found the app ready.
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (varnish.exitCode !== null) throw new Error(`varnishd exited:\n${varnishOut}`);
      if ((await get('/healthz').catch(() => ({ status: 0 }))).status === 200) break;
      if (Date.now() > deadline) throw new Error(`Varnish did not pass requests to the app:\n${varnishOut}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const login = await fetch(`${edge}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: edge },
      body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('sahifa_session='))!
      .split(';')[0]!;
    expect(
      (await staff('POST', '/api/admin/categories', { name: 'ليبيا', slug: 'libya', isActive: true, order: 0 })).status,
    ).toBe(201);
  });

  afterAll(async () => {
    if (varnish && varnish.exitCode === null) {
      varnish.kill('SIGTERM');
      await new Promise((r) => (varnish.exitCode !== null ? r(null) : varnish.once('exit', r)));
    }
    if (dataDir) await stopLeftovers(dataDir);
    for (const d of [dataDir, work]) if (d) fs.rmSync(d, { recursive: true, force: true });
  });

  const publish = async (title: string) => {
    const res = await staff('POST', '/api/admin/news', {
      title,
      description: `وصف ${title}`,
      content: `<p>نص ${title}</p>`,
      category: 'libya',
      imageUrl: 'https://example.com/edge.jpg',
      featured: false,
      action: 'publish',
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };

  it("answers readers' pages, feeds and public JSON from the cache, for as long as the app's Cache-Control says", async () => {
    const id = await publish('خبر للتخزين المؤقت');
    for (const url of [
      '/',
      `/news/${id}`,
      '/category/libya',
      '/rss.xml',
      '/sitemap.xml',
      '/api/news?limit=5',
      `/api/news/${id}`,
    ]) {
      const first = await get(url);
      expect(first.status, url).toBe(200);
      const second = await get(url);
      expect(second.headers.get('x-edge-cache'), url).toBe('HIT');
      expect(second.body, url).toBe(first.body);
      expect(second.headers.get('cache-control'), url).toMatch(/s-maxage=\d+/);
      // The tag index is Varnish's own business: xkey never reaches a browser.
      expect(second.headers.get('xkey'), url).toBeNull();
    }
    // Compressed for a browser that asks, from the same object.
    const gz = await fetch(`${edge}/`, { headers: { 'accept-encoding': 'gzip' } });
    await gz.arrayBuffer();
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    // The built files and the site's own images (names that never change) are kept too.
    const script = /<meta name="sahifa-app" content="([^" ]+)/.exec((await get('/')).body)![1]!;
    for (const url of [script, '/favicon.svg', '/logo.png']) {
      expect((await get(url)).status, url).toBe(200);
      expect((await get(url)).headers.get('x-edge-cache'), url).toBe('HIT');
    }
  });

  it('shows a newly published article through Varnish within a second of the editor being told it was saved', async () => {
    // Every page and answer that will show it is in the cache first.
    const watched = ['/', '/category/libya', '/rss.xml', '/api/news?limit=5'];
    for (const url of watched) {
      await get(url);
      expect((await get(url)).headers.get('x-edge-cache'), url).toBe('HIT');
    }
    const title = `خبر عاجل يظهر عبر الحافة ${Date.now()}`;
    const id = await publish(title);
    const acknowledged = Date.now();
    const seen: Record<string, number> = {};
    await expect
      .poll(
        async () => {
          for (const url of watched)
            if (seen[url] === undefined && (await get(url)).body.includes(title)) seen[url] = Date.now() - acknowledged;
          return Object.keys(seen).length;
        },
        { interval: 25, timeout: 5000 },
      )
      .toBe(watched.length);
    for (const url of watched) expect(seen[url], `${url} showed it after ${seen[url]} ms`).toBeLessThan(1000);
    expect((await get(`/news/${id}`)).body).toContain(title);

    // A change to it too: the edit shows at once where the article is.
    const edited = `${title} (محدّث)`;
    const page = await get(`/news/${id}`);
    expect((await get(`/news/${id}`)).headers.get('x-edge-cache')).toBe('HIT');
    expect(page.body).not.toContain(edited);
    const current = (await (await staff('GET', `/api/admin/news/${id}`)).json()) as { version: number };
    const put = await staff('PUT', `/api/admin/news/${id}`, {
      title: edited,
      description: `وصف ${title}`,
      content: `<p>نص ${title}</p>`,
      category: 'libya',
      imageUrl: 'https://example.com/edge.jpg',
      featured: false,
      version: current.version,
    });
    expect(put.status).toBe(200);
    const changed = Date.now();
    await expect.poll(async () => (await get(`/news/${id}`)).body.includes(edited), { interval: 25 }).toBe(true);
    expect(Date.now() - changed).toBeLessThan(1000);
  });

  it('never answers anything of the newsroom from the cache, nor keeps it for anyone else', async () => {
    const id = await publish('خبر للمعاينة');
    const staffOnly = [
      '/admin',
      '/admin/login',
      '/admin/dashboard',
      '/api/admin/session',
      '/api/admin/news',
      `/preview/news/${id}`,
    ];
    for (const url of staffOnly) {
      for (let i = 0; i < 2; i++) {
        const res = await get(url, { cookie });
        expect(res.status, url).toBe(200);
        expect(res.headers.get('x-edge-cache'), url).toBe('PASS');
      }
    }
    // A reader's page asked for by a signed-in staff member goes to the app too, cookie and all.
    expect((await get('/', { cookie })).headers.get('x-edge-cache')).toBe('PASS');
    // And nobody without the cookie gets what staff were answered.
    const news = await get('/api/admin/news');
    expect(news.status).toBe(401);
    expect(news.body).not.toContain('خبر للمعاينة');
    expect((await get(`/preview/news/${id}`)).status).toBe(404);
    expect((await get('/api/admin/session')).status).toBe(401);
    // Signing in (a POST, with a Set-Cookie) goes through untouched.
    const login = await fetch(`${edge}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: edge },
      body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
    });
    expect(login.headers.get('x-edge-cache')).toBe('PASS');
    expect(login.headers.getSetCookie().some((c) => c.startsWith('sahifa_session='))).toBe(true);
    // Operators' endpoints are never kept either.
    for (const url of ['/healthz', '/readyz']) {
      await get(url);
      expect((await get(url)).headers.get('x-edge-cache'), url).toBe('PASS');
    }
  });

  it('takes purges only as a POST naming tags', async () => {
    expect((await get('/.sahifa/purge')).status).toBe(405);
    const none = await fetch(`${edge}/.sahifa/purge`, { method: 'POST' });
    await none.arrayBuffer();
    expect(none.status).toBe(400);
  });
});
