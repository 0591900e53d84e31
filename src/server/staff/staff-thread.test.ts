/**
 * The staff thread in the real server process (dist/server/main.js on the embedded PostgreSQL): the admin API is
 * answered there behind the same gate, a save reaches readers of this process's cache at once (the thread tells the
 * main thread what it dropped, and the main thread does not wait for NOTIFY), an oversized body is refused before it
 * is read whole, and a SIGTERM stops both threads cleanly.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded';
import { fetchWhole as fetch, startServer, stopLeftovers, waitUntilUp } from '../test/server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-staff-'));
fs.chmodSync(dataDir, 0o755);
afterEach(() => stopLeftovers(dataDir));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const admin = { username: 'staff-thread-admin', password: randomBytes(12).toString('base64url') };

describe('the staff thread', () => {
  it(
    'answers the admin API behind its gate; a save is on the public page within a second',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const server = startServer(port, {
        dataDir,
        env: { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, CACHE_SERVE_PREVIOUS_MS: '1000' },
      });
      await waitUntilUp(port, server);
      const origin = `http://127.0.0.1:${port}`;
      await expect
        .poll(() => server.output().includes('the staff thread is answering the admin API'), { timeout: 30_000 })
        .toBe(true);

      // The gate, on the thread: no session, no answer; a cross-site write, refused.
      const anonymous = await fetch(`${origin}/api/admin/news`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('cache-control')).toBe('private, no-store');
      const crossSite = await fetch(`${origin}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        body: JSON.stringify(admin),
      });
      expect(crossSite.status).toBe(403);

      const login = await fetch(`${origin}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(admin),
      });
      expect(login.status).toBe(200);
      const setCookie = login.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/HttpOnly/i);
      const cookie = setCookie.split(';')[0]!;

      const [first] = (await (await fetch(`${origin}/api/news?limit=1`)).json()) as { id: number }[];
      const page = `${origin}/news/${first!.id}`;
      // The page is in this process's cache before the save.
      await fetch(page);
      expect((await fetch(page)).headers.get('x-cache')).toBe('HIT');
      const { version } = (await (
        await fetch(`${origin}/api/admin/news/${first!.id}`, { headers: { cookie } })
      ).json()) as { version: number };

      const title = `عنوان حفظه خيط الموظفين ${Date.now()}`;
      const saved = await fetch(`${origin}/api/admin/news/${first!.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie, origin },
        body: JSON.stringify({
          title,
          description: 'وصف بعد الحفظ',
          content: '<p>نص بعد الحفظ</p>',
          category: 'libya',
          imageUrl: 'https://example.ly/a.jpg',
          featured: false,
          version,
        }),
      });
      expect(saved.status).toBe(200);
      expect(((await saved.json()) as { title: string }).title).toBe(title);
      // The main thread dropped its copy before the answer: readers get the new page once its render is done (the
      // previous copy stands in for at most CACHE_SERVE_PREVIOUS_MS), not when a cache entry ages out.
      await expect
        .poll(async () => (await (await fetch(page)).text()).includes(title), { timeout: 3000, interval: 50 })
        .toBe(true);

      // A body over what any admin route takes is refused with the Arabic message, before it is kept whole.
      const huge = await fetch(`${origin}/api/admin/media`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', cookie, origin },
        body: new Uint8Array(17 * 1024 * 1024),
      }).catch((err: Error) => err);
      if (huge instanceof Response) {
        expect(huge.status).toBe(413);
        expect(((await huge.json()) as { message: string }).message).toBe('حجم البيانات المرسلة أكبر من المسموح');
      } else {
        // The server may close the connection while the client is still sending: refused either way, nothing kept.
        expect(String(huge)).toMatch(/fetch failed|socket|EPIPE|ECONNRESET/);
      }

      // SIGTERM: the staff thread finishes and closes with the server.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toMatch(/staff thread (failed|stopped)/);
    },
  );
});
