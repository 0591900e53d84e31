/**
 * `npm run backup` while the server runs on the embedded database, under write load: an editor uploading pictures
 * and publishing an article with each, another posting breaking news, all the time the backup runs. The archive is
 * restored into an empty data directory with `npm run restore`, a server is started on it, and every write
 * acknowledged before the backup began is there, with every picture byte for byte; what each editor wrote is a prefix
 * of what they wrote (one consistent snapshot: no article without the ones written before it, no article without its
 * picture). Runs the built server (`npm run build` first) and the two scripts as an operator would.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { freePorts } from '../../db/embedded';
import { signIn } from '../../test/load';
import { fetchWhole, root, startServer, stopLeftovers, waitUntilUp, type Server } from '../../test/server-process';

const ADMIN = { ADMIN_USERNAME: 'backup-chief', ADMIN_PASSWORD: 'backup-password-1' };
const dirs: string[] = [];
const tmp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
let liveDir: string;
let restoredDir: string;

beforeAll(() => {
  liveDir = tmp('sahifa-live-');
  restoredDir = path.join(tmp('sahifa-restored-parent-'), 'data');
});
afterEach(async () => {
  await stopLeftovers(liveDir);
  await stopLeftovers(restoredDir);
});
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Runs one of the operator's scripts (npm run backup / restore) to its end. */
function script(
  name: 'backup' | 'restore',
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

interface Written {
  n: number;
  id: number;
  title: string;
  /** The picture's files, as the server answered them. */
  image?: string;
  ackAt: number;
}

/** One editor writing until told to stop; each acknowledged write is kept with when it was acknowledged. */
function editor(base: string, cookie: string, kind: 'article' | 'breaking', section: string) {
  const written: Written[] = [];
  let stopped = false;
  const headers = { cookie, origin: base };
  const loop = (async () => {
    for (let n = 0; !stopped; n++) {
      if (kind === 'breaking') {
        const title = `عاجل أثناء النسخ ${n}`;
        const res = await fetch(`${base}/api/admin/breaking-news`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ title, isActive: true, priority: 1, expiresAt: null }),
        });
        const body = (await res.json()) as { id: number };
        expect(res.status, JSON.stringify(body)).toBe(201);
        written.push({ n, id: body.id, title, ackAt: Date.now() });
        continue;
      }
      const png = await sharp({
        create: { width: 480, height: 270, channels: 3, background: { r: (n * 37) % 256, g: (n * 91) % 256, b: 120 } },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `p${n}.png`);
      const up = await fetch(`${base}/api/admin/media`, { method: 'POST', headers, body: form });
      const media = (await up.json()) as { id: string; url: string };
      expect(up.status, JSON.stringify(media)).toBe(201);
      // A picture is published only with its alternative text (the media library's rule).
      const described = await fetch(`${base}/api/admin/media/${media.id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ alt: `لون تجريبي رقم ${n}` }),
      });
      expect(described.status, await described.text()).toBe(200);
      const title = `مقال أثناء النسخ ${n}`;
      const res = await fetch(`${base}/api/admin/news`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          title,
          description: `وصف المقال ${n}`,
          content: `<p>نص المقال ${n} كما كتبه المحرر والنسخة الاحتياطية تعمل.</p>`,
          category: section,
          imageUrl: media.url,
          featured: false,
          action: 'publish',
        }),
      });
      const body = (await res.json()) as { id: number };
      expect(res.status, JSON.stringify(body)).toBe(201);
      written.push({ n, id: body.id, title, image: media.url, ackAt: Date.now() });
    }
  })();
  return {
    written,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

const waitFor = async (check: () => boolean) => expect.poll(check, { timeout: 30_000 }).toBe(true);

it('backs up the running site under writes, and the restored site has every acknowledged write and picture', async () => {
  const [port, restoredPort] = await freePorts(2);
  const live: Server = startServer(port!, { dataDir: liveDir, env: { SEED_DEMO: 'false', ...ADMIN } });
  await waitUntilUp(port!, live);
  const base = `http://127.0.0.1:${port}`;
  const cookie = await signIn(base, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
  const section = await fetch(`${base}/api/admin/categories`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'ليبيا', slug: 'libya', isActive: true, order: 0 }),
  });
  expect(section.status).toBe(201);

  const articles = editor(base, cookie, 'article', 'libya');
  const breaking = editor(base, cookie, 'breaking', 'libya');
  await waitFor(() => articles.written.length >= 3 && breaking.written.length >= 3);

  const archive = path.join(tmp('sahifa-archive-'), 'live.tar.gz');
  const began = Date.now();
  const backup = await script('backup', [archive], liveDir);
  const ended = Date.now();
  // Writes went on during the backup: it did not stop the site.
  const duringBackup = articles.written.filter((w) => w.ackAt > began && w.ackAt < ended).length;
  await Promise.all([articles.stop(), breaking.stop()]);
  expect(backup.code, backup.out).toBe(0);
  expect(backup.out).toMatch(/runs on .*: using its PostgreSQL/);
  expect(backup.out).toContain('Backup written');
  expect(duringBackup, 'articles published while the backup ran').toBeGreaterThan(0);
  // The live site is still whole.
  expect((await fetchWhole(`${base}/healthz`)).status).toBe(200);

  const restore = await script('restore', [archive], restoredDir);
  expect(restore.code, restore.out).toBe(0);
  const restored = startServer(restoredPort!, { dataDir: restoredDir, env: { SEED_DEMO: 'false', ...ADMIN } });
  await waitUntilUp(restoredPort!, restored);
  const again = `http://127.0.0.1:${restoredPort}`;
  const restoredCookie = await signIn(again, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);

  /** Which of an editor's writes the restored site has, in the order they were written. */
  const present = async (w: Written[], kind: 'article' | 'breaking') => {
    const found: boolean[] = [];
    const listed = new Set<number>();
    if (kind === 'breaking')
      for (let page = 1; ; page++) {
        const res = await fetch(`${again}/api/admin/breaking-news?page=${page}&pageSize=50`, {
          headers: { cookie: restoredCookie },
        });
        const list = (await res.json()) as { id: number }[];
        for (const b of list) listed.add(b.id);
        if (list.length < 50) break;
      }
    for (const x of w) {
      if (kind === 'breaking') {
        found.push(listed.has(x.id));
        continue;
      }
      const res = await fetch(`${again}/api/admin/news/${x.id}`, { headers: { cookie: restoredCookie } });
      const body = (await res.json()) as { title?: string; imageUrl?: string };
      if (res.status === 200) {
        expect(body.title).toBe(x.title);
        expect(body.imageUrl).toBe(x.image);
      } else expect(res.status).toBe(404);
      found.push(res.status === 200);
    }
    return found;
  };
  for (const [kind, w] of [
    ['article', articles.written],
    ['breaking', breaking.written],
  ] as const) {
    const found = await present(w, kind);
    const kept = found.filter(Boolean).length;
    // A prefix: everything up to some write, nothing after it.
    expect(found, `${kind}: a prefix of what was written`).toEqual(w.map((_x, i) => i < kept));
    // Everything acknowledged before the backup began is there.
    expect(kept, `${kind}: acknowledged before the backup began`).toBeGreaterThanOrEqual(
      w.filter((x) => x.ackAt < began).length,
    );
  }

  // Every picture of every restored article, byte for byte as the live site serves it, at every width.
  const restoredArticles = articles.written.slice(
    0,
    (await present(articles.written, 'article')).filter(Boolean).length,
  );
  expect(restoredArticles.length).toBeGreaterThan(0);
  for (const a of restoredArticles) {
    for (const file of ['400.webp', '800.webp', '1200.webp', 'og.jpg']) {
      const url = a.image!.replace(/[^/]+$/, file);
      const [want, got] = await Promise.all([fetchWhole(`${base}${url}`), fetchWhole(`${again}${url}`)]);
      expect(got.status, url).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(await want.arrayBuffer())), url).toBe(true);
    }
  }
  // The reader sees the newest restored article on the front page.
  const newest = restoredArticles.at(-1)!;
  expect(await (await fetchWhole(`${again}/`)).text()).toContain(newest.title);

  // With the server stopped, the same command starts the embedded PostgreSQL itself, and the archive has everything.
  live.child.kill('SIGTERM');
  expect(await live.exited).toBe(0);
  const stopped = await script('backup', [path.join(path.dirname(archive), 'stopped.tar.gz')], liveDir);
  expect(stopped.code, stopped.out).toBe(0);
  expect(stopped.out).not.toContain('using its PostgreSQL');
  // Four files a picture (three widths and the share image); a picture whose article was never sent counts too.
  expect(Number(/media: (\d+) files/.exec(stopped.out)?.[1])).toBeGreaterThanOrEqual(articles.written.length * 4);
}, 120_000);
