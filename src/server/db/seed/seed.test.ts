import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/harness';
import { verifyPassword } from '../../modules/admins/passwords';
import { admins } from '../schema/accounts';
import { ensureFirstAdmin } from './admin-bootstrap';
import { isDemoSeeded, seedDemo } from './seed';
import { localMediaStore } from '../../modules/media/media.store';

let database: TestDatabase;
let dataDir: string;
const now = new Date('2026-06-15T09:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-seed-'));
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const count = async (table: string, where = 'true') =>
  (await database.pool.query(`select count(*)::int as n from ${table} where ${where}`)).rows[0].n as number;

describe('demo content', () => {
  it('fills an empty database with the sections, 60+ articles over 30 days, breaking news and a year of prayer times', async () => {
    expect(await isDemoSeeded(database.db)).toBe(false);
    const summary = await seedDemo(database.db, { store: localMediaStore(path.join(dataDir, 'media')), now });
    expect(summary.categories).toBe(5);
    expect(summary.news).toBeGreaterThanOrEqual(60);
    expect(await isDemoSeeded(database.db)).toBe(true);

    const slugs = (await database.pool.query('select slug from categories order by position')).rows.map((r) => r.slug);
    expect(slugs).toEqual(['libya', 'international', 'economy', 'sports', 'variety']);
    const perCategory = (await database.pool.query('select category, count(*)::int n from news group by category'))
      .rows;
    expect(perCategory).toHaveLength(5);
    for (const row of perCategory) expect(row.n).toBeGreaterThanOrEqual(10);

    const span = (await database.pool.query(`select min(published_at) lo, max(published_at) hi from news`)).rows[0];
    expect(now.getTime() - span.hi.getTime()).toBeLessThan(2 * 3_600_000);
    expect(now.getTime() - span.lo.getTime()).toBeGreaterThan(25 * 86_400_000);
    expect(now.getTime() - span.lo.getTime()).toBeLessThan(31 * 86_400_000);
    expect(await count('news', 'featured')).toBeGreaterThanOrEqual(5);
    expect(await count('news', "description <> '' and content like '<p>%' and status = 'published'")).toBe(
      summary.news,
    );
    expect(await count('news_views', 'views > 0')).toBe(summary.news);
    expect(await count('news_daily_views', 'views > 0')).toBeGreaterThan(summary.news);
    // Reporters as authors (accounts nobody can sign in to until an admin sets a password), and tags.
    expect(await count('admins', "role = 'writer'")).toBe(3);
    expect(await count('news_authors', 'visible_at is not null')).toBe(summary.news);
    expect(await count('news_tags')).toBeGreaterThanOrEqual(summary.news);

    expect(await count('breaking_news', 'not is_active')).toBeGreaterThan(0);
    expect(await count('breaking_news', `expires_at < '${now.toISOString()}'`)).toBeGreaterThan(0);
    expect(
      await count('breaking_news', `is_active and (expires_at is null or expires_at > '${now.toISOString()}')`),
    ).toBeGreaterThanOrEqual(3);
    expect(await count('prayer_times', "date between '2026-01-01' and '2026-12-31'")).toBe(365);
  });

  it('stores a real image for every article, in three widths', async () => {
    const urls = (await database.pool.query('select distinct image_url from news')).rows.map(
      (r) => r.image_url as string,
    );
    expect(urls.length).toBeGreaterThanOrEqual(5);
    for (const url of urls) {
      const m = /^\/media\/([0-9a-f-]{36})\/1200\.webp$/.exec(url);
      expect(m, url).not.toBeNull();
      for (const w of [400, 800, 1200]) {
        const file = path.join(dataDir, 'media', m![1]!, `${w}.webp`);
        const head = fs.readFileSync(file).subarray(0, 12).toString('latin1');
        expect(head.slice(0, 4) + head.slice(8, 12)).toBe('RIFFWEBP');
      }
    }
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await count('news');
    const summary = await seedDemo(database.db, { store: localMediaStore(path.join(dataDir, 'media')), now });
    expect(summary).toEqual({ categories: 0, news: 0, breakingNews: 0, prayerDays: 0 });
    expect(await count('news')).toBe(before);
  });
});

describe('first admin', () => {
  it('generates a password, saves it readable only by the owner, and never creates a second admin', async () => {
    const logs: string[] = [];
    const shown: string[] = [];
    const result = await ensureFirstAdmin(database.db, {
      dataDir,
      log: (m) => logs.push(m),
      show: (t) => shown.push(t),
    });
    expect(result.created).toBe(true);
    const file = result.passwordFile!;
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = /password: (\S+)/.exec(fs.readFileSync(file, 'utf8'))![1]!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    // On a line of its own for the person starting the app, never inside a log line.
    expect(shown.join('\n').split('\n')).toContain(`   password: ${password}`);
    expect(logs.join('\n')).not.toContain(password);
    const [admin] = await database.db
      .select()
      .from(admins)
      .where(sql`role = 'admin'`);
    expect(admin).toMatchObject({ username: 'admin', role: 'admin' });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin!.passwordHash, password)).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, 'wrong-password')).toBe(false);

    expect((await ensureFirstAdmin(database.db, { dataDir, log: () => {} })).created).toBe(false);
    expect(
      (
        await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(admins)
          .where(sql`role = 'admin'`)
      )[0]!.n,
    ).toBe(1);
  });
});
