import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LIVE_TITLE } from './demo-live';
import { createTestDatabase, type TestDatabase } from '../../test/harness';
import { verifyPassword } from '../../modules/admins/passwords';
import { admins } from '../schema/accounts';
import { ensureFirstAdmin } from './admin-bootstrap';
import { DEMO_ACCOUNTS_FILE, DEMO_STAFF, demoBodyHtml, demoPublishedAt, isDemoSeeded, seedDemo } from './seed';
import { DEMO_ARTICLES, DEMO_BREAKING } from './demo-articles';
import { DEMO_MOTIFS } from './demo-motifs';
import { localMediaStore } from '../../modules/media/media.store';
import { normalizeArabic, tagSlug } from '../../../shared/arabic';
import { addDays, tripoliDate } from '../../../shared/dates';
import { statsRepository } from '../../modules/stats/stats.repository';
import { viewsRepository } from '../../modules/views/views.repository';
import { windowDays } from '../../modules/views/views.service';

let database: TestDatabase;
let dataDir: string;
// 11:00 in Tripoli, a Monday.
const now = new Date('2026-06-15T09:00:00Z');
const today = tripoliDate(now);
const logs: string[] = [];
const shown: string[] = [];
const seed = (db = database, dir = dataDir) =>
  seedDemo(db.db, {
    store: localMediaStore(path.join(dataDir, 'media')),
    dataDir: dir,
    now,
    log: (m) => logs.push(m),
    show: (t) => shown.push(t),
  });

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-seed-'));
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await database.pool.query(text, values)).rows as T[];
const count = async (table: string, where = 'true') =>
  (await q<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`))[0]!.n;

/** The words of a text a reader would look for: folded, without the article or a clinging conjunction/preposition. */
const words = (text: string) =>
  normalizeArabic(text)
    .split(/[^\u0621-\u064A0-9]+/)
    .map((w) => w.replace(/^(و|ف|ب|ل|ك)?(ال|لل)/, ''))
    .filter((w) => w.length >= 4);
const plain = (html: string) => normalizeArabic(html.replace(/<[^>]+>/g, ' '));

describe('demo content', () => {
  it(
    'fills an empty database: sections, 60 stories over 30 days (several today), breaking news, prayer times',
    {
      timeout: 240_000,
    },
    async () => {
      expect(await isDemoSeeded(database.db)).toBe(false);
      const summary = await seed();
      expect(summary).toEqual({
        categories: 5,
        news: DEMO_ARTICLES.length,
        breakingNews: DEMO_BREAKING.length,
        prayerDays: 365,
      });
      expect(summary.news).toBeGreaterThanOrEqual(60);
      expect(await isDemoSeeded(database.db)).toBe(true);

      const slugs = (await q<{ slug: string }>('select slug from categories order by position')).map((r) => r.slug);
      expect(slugs).toEqual(['libya', 'international', 'economy', 'sports', 'variety']);
      const perCategory = await q<{ category: string; n: number }>(
        'select category, count(*)::int n from news group by category order by category',
      );
      expect(perCategory.map((r) => r.n)).toEqual([12, 12, 12, 12, 12]);

      const span = (await q<{ lo: Date; hi: Date }>('select min(published_at) lo, max(published_at) hi from news'))[0]!;
      expect(now.getTime() - span.hi.getTime()).toBeLessThan(3_600_000);
      expect(now.getTime() - span.lo.getTime()).toBeGreaterThan(25 * 86_400_000);
      expect(now.getTime() - span.lo.getTime()).toBeLessThan(30 * 86_400_000);
      // Several stories from today in Tripoli, a few of them from the last hours.
      const published = (await q<{ published_at: Date }>('select published_at from news')).map((r) => r.published_at);
      expect(published.filter((d) => tripoliDate(d) === today).length).toBeGreaterThanOrEqual(6);
      expect(published.filter((d) => now.getTime() - d.getTime() < 4 * 3_600_000).length).toBeGreaterThanOrEqual(3);
      // Every day of the month has something new, give or take a quiet day.
      const days = new Set(published.map(tripoliDate));
      expect(days.size).toBeGreaterThanOrEqual(24);
      // About eight featured: most of them fresh, a couple older.
      const featured = (await q<{ published_at: Date }>('select published_at from news where featured')).map(
        (r) => now.getTime() - r.published_at.getTime(),
      );
      expect(featured.length).toBeGreaterThanOrEqual(6);
      expect(featured.length).toBeLessThanOrEqual(10);
      expect(featured.filter((age) => age < 3 * 86_400_000).length).toBeGreaterThanOrEqual(4);
      expect(featured.filter((age) => age > 7 * 86_400_000).length).toBeGreaterThanOrEqual(2);

      expect(await count('news', "description <> '' and status = 'published'")).toBe(summary.news);
      // Newest story, newest id: the newsroom's lists (newest id first) show today's stories first.
      const [newest] = await q<{ id: number; max: number }>(
        'select id, (select max(id) from news) max from news order by published_at desc limit 1',
      );
      expect(newest!.id).toBe(newest!.max);

      // Bylines: the reporters and the editor, each story signed.
      expect(await count('admins', "role = 'writer'")).toBe(3);
      expect(await count('admins', "role = 'editor'")).toBe(1);
      expect(await count('news_authors', 'visible_at is not null')).toBe(summary.news);

      // Breaking news of mixed state, none of it prefixed with the word the red bar already shows.
      const breaking = await q<{ title: string }>('select title from breaking_news');
      expect(breaking).toHaveLength(DEMO_BREAKING.length);
      for (const { title } of breaking) expect(title.trim()).not.toMatch(/^عاجل/);
      expect(await count('breaking_news', 'not is_active')).toBeGreaterThan(0);
      expect(await count('breaking_news', `expires_at < '${now.toISOString()}'`)).toBeGreaterThan(0);
      expect(
        await count('breaking_news', `is_active and (expires_at is null or expires_at > '${now.toISOString()}')`),
      ).toBeGreaterThanOrEqual(3);
      expect(await count('prayer_times', "date between '2026-01-01' and '2026-12-31'")).toBe(365);
    },
  );

  it('gives every story a picture of its own, stored in three widths, chosen for it and described for the blind', async () => {
    const rows = await q<{ image_url: string }>('select image_url from news');
    expect(new Set(rows.map((r) => r.image_url)).size).toBe(rows.length);
    for (const { image_url: url } of rows) {
      const m = /^\/media\/([0-9a-f-]{36})\/1200\.webp$/.exec(url);
      expect(m, url).not.toBeNull();
      expect(await count('media', `id = '${m![1]}' and width > 0 and bytes > 0`), url).toBe(1);
      for (const w of [400, 800, 1200]) {
        const head = fs
          .readFileSync(path.join(dataDir, 'media', m![1]!, `${w}.webp`))
          .subarray(0, 12)
          .toString('latin1');
        expect(head.slice(0, 4) + head.slice(8, 12)).toBe('RIFFWEBP');
      }
    }
    for (const { title, illustration } of DEMO_ARTICLES) {
      expect(Object.keys(DEMO_MOTIFS), title).toContain(illustration.motif);
      expect(illustration.alt, title).toMatch(/^[\u0600-\u06FF][\u0600-\u06FF\s،]{8,}$/);
      if (illustration.motif === 'libya-map') expect(illustration.city, title).toBeTruthy();
    }
  });

  it('writes each story about its headline: dateline first, the subject in the body, its own paragraphs and tags', async () => {
    const rows = await q<{ id: number; title: string; content: string; description: string; tags: string[] }>(`
      select n.id, n.title, n.content, n.description,
        array(select t.name from news_tags nt join tags t on t.id = nt.tag_id where nt.news_id = n.id) tags
      from news n`);
    expect(rows).toHaveLength(DEMO_ARTICLES.length);
    expect(new Set(rows.map((r) => r.title)).size).toBe(rows.length);
    const paragraphs = new Set<string>();
    for (const row of rows) {
      const story = DEMO_ARTICLES.find((s) => s.title === row.title)!;
      expect(story, row.title).toBeDefined();
      // «طرابلس - صحيفة: …», as Libyan outlets open a story.
      expect(row.content.startsWith(`<p>${story.dateline} - صحيفة: `), row.title).toBe(true);
      // Only the editor's own markup: paragraphs, a subheading or a quotation; 3 to 6 paragraphs; and after the text,
      // the library's blocks of a story that has a gallery or a video (issue 25).
      const blocks = row.content.match(/<figure [^>]*><\/figure>/g) ?? [];
      expect(blocks, row.title).toHaveLength((story.gallery ? 1 : 0) + (story.video ? 1 : 0));
      expect(
        row.content.replace(/<figure [^>]*><\/figure>/g, '').replace(/<\/?(p|h2|blockquote)>/g, ''),
        row.title,
      ).not.toMatch(/[<>]/);
      const ps = row.content.match(/<p>/g)!.length;
      expect(ps, row.title).toBeGreaterThanOrEqual(3);
      expect(ps, row.title).toBeLessThanOrEqual(6);
      // What the headline is about is what the body tells: most of its words are there.
      const body = plain(row.content);
      const titleWords = words(row.title);
      const found = titleWords.filter((w) => body.includes(w));
      expect(found.length / titleWords.length, `${row.title}: ${found.join(' ')}`).toBeGreaterThanOrEqual(0.5);
      // Its tags name what this story is about (each tag's words are in it), 2 to 4 of them.
      expect(row.tags.length, row.title).toBeGreaterThanOrEqual(2);
      expect(row.tags.length, row.title).toBeLessThanOrEqual(4);
      const text = `${normalizeArabic(row.title)} ${normalizeArabic(row.description)} ${body}`;
      for (const tag of row.tags) for (const w of words(tag)) expect(text, `${row.title} — ${tag}`).toContain(w);
      // No boilerplate: no paragraph appears in two stories.
      for (const p of row.content.match(/<p>.*?<\/p>/g)!.slice(1)) {
        expect(paragraphs.has(p), p).toBe(false);
        paragraphs.add(p);
      }
    }
    // Tags are addressed by their own words (/tag/طرابلس).
    for (const t of await q<{ name: string; slug: string }>('select name, slug from tags'))
      expect(t.slug).toBe(tagSlug(t.name));
    // Many stories quote someone; some have a subheading or a blockquote.
    expect(rows.filter((r) => /«[^»]{20,}»/.test(r.content)).length).toBeGreaterThanOrEqual(40);
    expect(rows.filter((r) => /<h2>|<blockquote>/.test(r.content)).length).toBeGreaterThanOrEqual(8);
  });

  it('has thirty days of readership that agree with the stories’ views, with a weekly rhythm and today partial', async () => {
    const from = addDays(today, -29);
    const stats = await statsRepository(database.db).days(from);
    expect(stats.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(from, i)));
    const read = new Map(
      (
        await q<{ day: string; views: number }>(
          `select to_char(day, 'YYYY-MM-DD') as day, sum(views)::int views from news_daily_views group by day`,
        )
      ).map((r) => [r.day, r.views]),
    );
    const sections = new Map(
      (
        await q<{ day: string; views: number }>(
          `select to_char(day, 'YYYY-MM-DD') as day, sum(views)::int views from section_daily_views group by day`,
        )
      ).map((r) => [r.day, r.views]),
    );
    expect(sections).toEqual(read);
    for (const d of stats) {
      const storyReads = read.get(d.day) ?? 0;
      // Page views are the stories read plus the other pages (home, sections…); a visit is a few pages.
      expect(d.pageViews, d.day).toBeGreaterThanOrEqual(storyReads);
      expect(storyReads, d.day).toBeGreaterThan(d.pageViews * 0.3);
      expect(d.visits, d.day).toBeLessThan(d.pageViews);
      expect(d.uniqueVisitors, d.day).toBeLessThanOrEqual(d.visits);
      expect(d.uniqueVisitors, d.day).toBeGreaterThan(0);
      const devices = await q<{ device: string; visitors: number }>(
        `select device, visitors from daily_devices where day = $1`,
        [d.day],
      );
      expect(devices.map((r) => r.device).sort(), d.day).toEqual(['desktop', 'mobile', 'tablet']);
      expect(
        devices.reduce((n, r) => n + r.visitors, 0),
        d.day,
      ).toBe(d.uniqueVisitors);
    }
    const full = stats.slice(0, -1);
    // A steady site, not a ramp from nothing: every whole day has thousands of page views.
    for (const d of full) expect(d.pageViews, d.day).toBeGreaterThan(4000);
    // Friday and Saturday (the Libyan weekend) are quieter than the working week.
    const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const weekend = mean(full.filter((d) => [5, 6].includes(weekday(d.day))).map((d) => d.pageViews));
    const working = mean(full.filter((d) => ![5, 6].includes(weekday(d.day))).map((d) => d.pageViews));
    expect(weekend).toBeLessThan(working * 0.95);
    // Today (at 11:00) has only its morning so far.
    expect(stats.at(-1)!.pageViews).toBeLessThan(full.at(-1)!.pageViews * 0.5);
    expect(stats.at(-1)!.pageViews).toBeGreaterThan(0);

    // Each story's days add up to its count; the counts to the site's total.
    expect(
      await q(`
        select n.news_id from news_views n left join news_daily_views d on d.news_id = n.news_id
        group by n.news_id, n.views having n.views <> coalesce(sum(d.views), 0) or n.views <= 0`),
    ).toEqual([]);
    const [{ total, counter }] = (await q<{ total: number; counter: number }>(
      `select (select sum(views)::int from news_views) total, (select value::int from counters where key = 'views') counter`,
    )) as [{ total: number; counter: number }];
    expect(counter).toBe(total);
    // Every story was read on the day it appeared.
    expect(
      await count(
        'news n',
        `not exists (select 1 from news_daily_views d where d.news_id = n.id and d.day = (n.published_at at time zone 'Africa/Tripoli')::date)`,
      ),
    ).toBe(0);

    // The most-read lists read from the same rows: the 24 hours' are the newest stories, the week's are
    // this week's, and no story has been read more in a window than in all time.
    const views = viewsRepository(database.db, () => now);
    const allTime = await views.mostReadAllTime(5);
    const week = await views.mostReadWeighted(windowDays(now, '7d'), 5);
    const day = await views.mostReadWeighted(windowDays(now, '24h'), 5);
    expect(allTime).toHaveLength(5);
    expect(week).toHaveLength(5);
    expect(day).toHaveLength(5);
    expect(allTime[0]!.views).toBeGreaterThanOrEqual(week[0]!.views);
    expect(week[0]!.views).toBeGreaterThanOrEqual(day[0]!.views);
    const ages = new Map(
      (await q<{ id: number; published_at: Date }>('select id, published_at from news')).map((r) => [
        r.id,
        now.getTime() - r.published_at.getTime(),
      ]),
    );
    for (const r of day) expect(ages.get(r.id)!, r.title).toBeLessThan(3 * 86_400_000);
    for (const r of week) expect(ages.get(r.id)!, r.title).toBeLessThan(8 * 86_400_000);
    expect(day.map((r) => r.id)).not.toEqual(allTime.map((r) => r.id));
  });

  it('creates the demo staff with generated passwords, shown once and saved readable only by the owner', async () => {
    const file = path.join(dataDir, DEMO_ACCOUNTS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, 'utf8');
    const screen = shown.join('\n');
    const passwords = new Set<string>();
    for (const member of DEMO_STAFF) {
      const block = new RegExp(
        `username: ${member.username.replace('.', '\\.')}\\n[^]*?role: (\\w+)\\npassword: (\\S+)`,
      );
      const [, role, password] = block.exec(text)!;
      expect(role, member.username).toBe(member.role);
      expect(password!.length).toBeGreaterThanOrEqual(16);
      passwords.add(password!);
      const [row] = await q<{ role: string; password_hash: string }>(
        'select role, password_hash from admins where username = $1',
        [member.username],
      );
      expect(row!.role).toBe(member.role);
      expect(await verifyPassword(row!.password_hash, password!), member.username).toBe(true);
      // On a line of its own for the person starting the app, never inside a log line.
      expect(
        screen.split('\n').some((line) => line.includes(member.username) && line.endsWith(`password: ${password}`)),
      ).toBe(true);
      expect(logs.join('\n')).not.toContain(password);
    }
    expect(passwords.size).toBe(DEMO_STAFF.length);
    expect(DEMO_STAFF.map((m) => m.role).sort()).toEqual(['editor', 'writer', 'writer', 'writer']);
  });

  it('includes one ended live coverage with its entries, two key events and a pinned summary', async () => {
    const [c] = await q<{
      news_id: number;
      state: string;
      started_at: Date;
      ended_at: Date;
      pinned_entry_id: number;
      title: string;
      published_at: Date;
      last_entry_at: Date;
    }>(`select c.*, n.title, n.published_at from live_coverages c join news n on n.id = c.news_id`);
    expect(c).toMatchObject({ state: 'ended', title: DEMO_LIVE_TITLE });
    expect(c!.started_at.getTime()).toBe(c!.published_at.getTime());
    expect(c!.ended_at.getTime()).toBeLessThanOrEqual(now.getTime());
    const entries = await q<{ id: number; key_event: string | null; body: string; created_at: Date; seq: number }>(
      `select id, key_event, body, created_at, seq from live_entries where news_id = $1 and deleted_at is null order by created_at`,
      [c!.news_id],
    );
    expect(entries).toHaveLength(15);
    expect(entries.filter((e) => e.key_event)).toHaveLength(2);
    expect(entries.map((e) => e.id)).toContain(c!.pinned_entry_id);
    expect(entries.at(-1)!.created_at.getTime()).toBe(c!.last_entry_at.getTime());
    expect(new Set(entries.map((e) => e.seq)).size).toBe(15);
    for (const e of entries) {
      expect(e.created_at.getTime()).toBeGreaterThan(c!.started_at.getTime());
      expect(e.created_at.getTime()).toBeLessThan(c!.ended_at.getTime());
      expect(plain(e.body).length).toBeGreaterThan(20);
    }
  });

  it('is idempotent: a second run adds nothing and shows no password', async () => {
    const tables = ['news', 'media', 'tags', 'news_tags', 'news_authors', 'admins', 'breaking_news', 'live_entries'];
    const before = await Promise.all(tables.map((t) => count(t)));
    const totals = async () =>
      q(`select (select sum(page_views)::int from daily_stats) pv, (select sum(views)::int from news_daily_views) nd,
        (select sum(views)::int from section_daily_views) sd, (select value::int from counters where key = 'views') c,
        (select sum(visitors)::int from daily_devices) dv`);
    const totalsBefore = await totals();
    const file = path.join(dataDir, DEMO_ACCOUNTS_FILE);
    const accounts = fs.readFileSync(file, 'utf8');
    shown.length = 0;

    const summary = await seed();
    expect(summary).toEqual({ categories: 0, news: 0, breakingNews: 0, prayerDays: 0 });
    expect(await Promise.all(tables.map((t) => count(t)))).toEqual(before);
    expect(await totals()).toEqual(totalsBefore);
    expect(fs.readFileSync(file, 'utf8')).toBe(accounts);
    expect(shown).toEqual([]);
  });

  it('seeds once when several instances start together', { timeout: 120_000 }, async () => {
    const other = await createTestDatabase();
    const otherDir = path.join(dataDir, 'other');
    try {
      const summaries = await Promise.all([seed(other, otherDir), seed(other, otherDir)]);
      expect(summaries.map((s) => s.news).sort((a, b) => a - b)).toEqual([0, DEMO_ARTICLES.length]);
      expect((await other.pool.query('select count(*)::int n from news')).rows[0].n).toBe(DEMO_ARTICLES.length);
      expect((await other.pool.query(`select count(*)::int n from admins where role = 'editor'`)).rows[0].n).toBe(1);
      expect(fs.readFileSync(path.join(otherDir, DEMO_ACCOUNTS_FILE), 'utf8').match(/^password: /gm)).toHaveLength(
        DEMO_STAFF.length,
      );
    } finally {
      await other.drop();
    }
  });
});

describe('demo stories', () => {
  it('stay today however early in the Tripoli morning the demo is seeded, in the same order', () => {
    for (const at of ['2026-06-14T22:05:00Z', '2026-06-15T01:30:00Z', '2026-06-15T20:00:00Z']) {
      const moment = new Date(at);
      const times = DEMO_ARTICLES.map((s) => demoPublishedAt(s.hoursAgo, moment));
      expect(times.filter((d) => tripoliDate(d) === tripoliDate(moment)).length, at).toBeGreaterThanOrEqual(6);
      for (const d of times) expect(d.getTime(), at).toBeLessThanOrEqual(moment.getTime());
      const byAge = [...DEMO_ARTICLES.keys()].sort((a, b) => DEMO_ARTICLES[a]!.hoursAgo - DEMO_ARTICLES[b]!.hoursAgo);
      for (let i = 1; i < byAge.length; i++)
        expect(times[byAge[i]!]!.getTime(), at).toBeLessThanOrEqual(times[byAge[i - 1]!]!.getTime());
    }
  });

  it('turn their simple markup into escaped HTML', () => {
    expect(demoBodyHtml({ dateline: 'بنغازي', body: ['أول <فقرة> & نص', '## عنوان', '> «قول»', 'فقرة أخيرة'] })).toBe(
      '<p>بنغازي - صحيفة: أول &lt;فقرة&gt; &amp; نص</p><h2>عنوان</h2><blockquote>«قول»</blockquote><p>فقرة أخيرة</p>',
    );
    expect(() => demoBodyHtml({ dateline: 'سرت', body: ['## عنوان أولاً', 'نص'] })).toThrow();
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
