/**
 * Demo content: the five sections; 60 stories (demo-articles.ts) published over the last 30 days, each with its own
 * drawn picture, its byline and its tags; thirty days of readership consistent with the stories' view counts
 * (demo-traffic.ts); breaking news of mixed state; this year's prayer times for Tripoli; the site settings; and the
 * demo staff (three writers and an editor) with generated passwords, printed once and saved in
 * DATA_DIR/demo-accounts.txt (mode 0600), as the first admin's is.
 *
 * Idempotent: rows that exist are kept and a second run adds nothing. Several instances seeding at once take turns
 * (an advisory lock) and the later ones find everything there.
 */
import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../client';
import { admins } from '../schema/accounts';
import { breakingNews, categories, media, news, prayerTimes } from '../schema/content';
import { newsAuthors, newsDailyViews, newsTags, newsViews, sectionDailyViews, tags } from '../schema/newsroom';
import { counters, dailyDevices, dailyStats, settings } from '../schema/site';
import { hashPassword } from '../../modules/admins/passwords';
import { TAG_SLUG_FALLBACK, tagSlug } from '../../../shared/arabic';
import { computePrayerDay } from '../../modules/prayer-times/prayer-calculation';
import { addDays, tripoliDate, tripoliParts } from '../../../shared/dates';
import { MEDIA_WIDTHS } from '../../../shared/media';
import { SITE_NAME_DEFAULT } from '../../../shared/constants';
import type { Role } from '../../../shared/permissions';
import { DEMO_CATEGORIES } from './demo-categories';
import {
  DEMO_ARTICLES,
  DEMO_BREAKING,
  DEMO_BYLINES,
  DEMO_EDITOR,
  DEMO_REPORTERS,
  type DemoStory,
} from './demo-articles';
import type { MediaStore } from '../../modules/media/media.store';
import { demoImageId, ensureDemoImage } from './demo-images';
import { blockHtml } from '../../../shared/media-blocks';
import { mediaUsages } from '../schema/editorial';
import { mediaIdsOf } from '../../modules/media/media.service';
import { demoTraffic } from './demo-traffic';
import { DEFAULT_PUBLIC_SETTINGS, SITE_SETTINGS_KEY } from '../../../shared/settings-defaults';
import { SANITIZER_VERSION, sanitizeArticleHtml } from '../../modules/news/sanitize-html';
import { shownOnceBanner, writeOwnerOnlyFile } from './shown-once';
import { DEMO_LIVE_ENDED_AFTER, DEMO_LIVE_ENTRIES, DEMO_LIVE_TITLE, demoLiveBody } from './demo-live';
import { liveCoverages, liveEntries } from '../schema/live';

export const DEMO_MARKER_KEY = 'demo_seeded_at';
/** Where the demo staff's generated passwords are saved, in DATA_DIR. */
export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';
/** Stories this young (in the data) are today's; seeded before this hour of the morning, they are fitted into it. */
export const DEMO_TODAY_HOURS = 10;
const HOUR_MS = 3_600_000;

export interface SeedSummary {
  categories: number;
  news: number;
  breakingNews: number;
  prayerDays: number;
}

export interface SeedOptions {
  store: MediaStore;
  /** DATA_DIR: the demo staff's passwords are saved in it (DEMO_ACCOUNTS_FILE). */
  dataDir: string;
  now?: Date;
  log?: (msg: string) => void;
  /** Where the generated passwords are shown to the person starting the app (main.ts: stderr, plain text). */
  show?: (text: string) => void;
}

/** The demo staff: the three reporters (writers) and the editor. */
export const DEMO_STAFF: readonly {
  username: string;
  fullName: string;
  email: string;
  bio: string;
  role: Role;
}[] = [...DEMO_REPORTERS.map((r) => ({ ...r, role: 'writer' as const })), { ...DEMO_EDITOR, role: 'editor' }];

/**
 * When a story of `hoursAgo` is published. Today's stories (younger than DEMO_TODAY_HOURS) stay today however early
 * in the Tripoli morning the demo is seeded: their ages are scaled into the hours since midnight, in the same order.
 */
export function demoPublishedAt(hoursAgo: number, now: Date): Date {
  const p = tripoliParts(now);
  const sinceMidnight = p.hour + p.minute / 60 + p.second / 3600;
  const age =
    hoursAgo < DEMO_TODAY_HOURS && sinceMidnight < DEMO_TODAY_HOURS
      ? (hoursAgo * sinceMidnight) / DEMO_TODAY_HOURS
      : hoursAgo;
  return new Date(now.getTime() - Math.round(age * HOUR_MS));
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A story's body as the editor would have saved it: the first paragraph opens with «<dateline> - <site>:», '## …'
 * blocks become <h2>, '> …' blocks <blockquote>, the rest <p>; text is escaped, and the result goes through the
 * sanitiser every saved body goes through.
 */
export function demoBodyHtml(
  story: Pick<DemoStory, 'dateline' | 'body' | 'gallery' | 'video'> & { index?: number },
  siteName = SITE_NAME_DEFAULT,
): string {
  if (!story.body[0] || /^(## |> )/.test(story.body[0])) throw new Error('a demo story opens with a paragraph');
  const html = story.body
    .map((block, i) => {
      if (block.startsWith('## ')) return `<h2>${escapeHtml(block.slice(3).trim())}</h2>`;
      if (block.startsWith('> ')) return `<blockquote>${escapeHtml(block.slice(2).trim())}</blockquote>`;
      return `<p>${escapeHtml(i === 0 ? `${story.dateline} - ${siteName}: ${block}` : block)}</p>`;
    })
    .join('');
  const gallery = story.gallery ? blockHtml.gallery(story.gallery.pictures.map(demoImageId), story.gallery.title) : '';
  const video = story.video
    ? blockHtml.youtube(
        story.video.youtube,
        story.video.title,
        story.index === undefined ? undefined : demoImageId(story.index),
      )
    : '';
  return sanitizeArticleHtml(html + gallery + video);
}

/** Runs `fn` over `items`, at most `limit` at a time (pictures are drawn on a small machine), results in order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export async function seedDemo(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  const now = opts.now ?? new Date();
  const log = opts.log ?? (() => {});
  const colors = new Map<string, string>(DEMO_CATEGORIES.map((c) => [c.slug, c.color]));
  // A picture per story, its id fixed by the story's place in the list (drawing and storing is idempotent).
  const images = await mapLimit(DEMO_ARTICLES, 2, (story, i) =>
    ensureDemoImage(opts.store, i, {
      ...story.illustration,
      section: story.section,
      color: colors.get(story.section)!,
    }),
  );
  const stories = DEMO_ARTICLES.map((story, index) => ({
    story,
    index,
    image: images[index]!,
    publishedAt: demoPublishedAt(story.hoursAgo, now),
  }))
    // Oldest first: ids are given in order of creation, as a newsroom writing them one by one would have them.
    .sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime() || a.index - b.index);

  const staff = await Promise.all(
    DEMO_STAFF.map(async (member) => {
      const password = randomBytes(15).toString('base64url');
      return { ...member, password, passwordHash: await hashPassword(password) };
    }),
  );

  const year = tripoliDate(now).slice(0, 4);
  const prayerRows: (typeof prayerTimes.$inferInsert)[] = [];
  for (let d = `${year}-01-01`; d.startsWith(year); d = addDays(d, 1))
    prayerRows.push({ date: d, ...computePrayerDay(d) });

  let createdStaff: typeof staff = [];
  let accountsFile: string | undefined;
  const summary = await db.transaction(async (tx) => {
    // Several instances starting at once seed one after another; the later ones find everything there.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);

    const inserted = await tx
      .insert(admins)
      .values(staff.map(({ password: _password, ...member }) => member))
      .onConflictDoNothing()
      .returning({ username: admins.username });
    const insertedNames = new Set(inserted.map((r) => r.username));
    createdStaff = staff.filter((m) => insertedNames.has(m.username));
    const staffIds = new Map(
      (
        await tx
          .select({ id: admins.id, username: admins.username })
          .from(admins)
          .where(
            inArray(
              admins.username,
              staff.map((m) => m.username),
            ),
          )
      ).map((r) => [r.username, r.id]),
    );

    const insertedCategories = await tx
      .insert(categories)
      .values(DEMO_CATEGORIES.map((c, i) => ({ ...c, position: i, isActive: true })))
      .onConflictDoNothing()
      .returning({ id: categories.id });

    await tx
      .insert(media)
      .values(
        stories.map(({ image, index, publishedAt, story }) => ({
          id: image.id,
          originalName: `demo-${index + 1}.png`,
          sourceType: 'png',
          width: image.width,
          height: image.height,
          widths: [...MEDIA_WIDTHS],
          bytes: image.bytes,
          // The library's text of each drawing: what it shows, said for readers who cannot see it.
          alt: story.illustration.alt,
          caption: `رسم توضيحي: ${story.illustration.alt}`,
          credit: SITE_NAME_DEFAULT,
          source: SITE_NAME_DEFAULT,
          createdAt: new Date(publishedAt.getTime() - HOUR_MS / 3),
        })),
      )
      .onConflictDoNothing();

    const existingTitles = new Set(
      (
        await tx
          .select({ title: news.title })
          .from(news)
          .where(
            inArray(
              news.title,
              stories.map((s) => s.story.title),
            ),
          )
      ).map((r) => r.title),
    );
    const fresh = stories.filter((s) => !existingTitles.has(s.story.title));
    if (fresh.length) {
      const tagIds = await ensureTags(tx, [...new Set(fresh.flatMap((s) => s.story.tags))]);
      const rows = await tx
        .insert(news)
        .values(
          fresh.map(({ story, image, publishedAt }) => ({
            title: story.title,
            description: story.description,
            content: demoBodyHtml({ ...story, index: DEMO_ARTICLES.indexOf(story) }),
            category: story.section,
            imageUrl: image.url,
            featured: story.featured === true,
            status: 'published' as const,
            publishedAt,
            createdAt: new Date(publishedAt.getTime() - HOUR_MS / 2),
            updatedAt: publishedAt,
            sanitizedWith: SANITIZER_VERSION,
            authorId: staffIds.get(DEMO_BYLINES[story.section]) ?? null,
          })),
        )
        .returning({ id: news.id, authorId: news.authorId });
      const links = rows.map((row, i) => ({ ...fresh[i]!, id: row.id, authorId: row.authorId }));

      const authorRows = links.flatMap(({ id, authorId, publishedAt }) =>
        authorId === null ? [] : [{ newsId: id, adminId: authorId, position: 0, visibleAt: publishedAt }],
      );
      if (authorRows.length) await tx.insert(newsAuthors).values(authorRows);
      await tx.insert(newsTags).values(
        links.flatMap(({ id, story, publishedAt }) =>
          story.tags.map((name, position) => ({
            newsId: id,
            tagId: tagIds.get(name)!,
            position,
            visibleAt: publishedAt,
          })),
        ),
      );

      // Which library pictures each story shows (its own, and its gallery's and video's).
      const uses = rows.flatMap((row, i) => {
        const { story, image } = fresh[i]!;
        return mediaIdsOf(image.url, demoBodyHtml({ ...story, index: DEMO_ARTICLES.indexOf(story) })).map(
          (mediaId) => ({ mediaId, newsId: row.id }),
        );
      });
      if (uses.length) await tx.insert(mediaUsages).values(uses).onConflictDoNothing();

      const covered = links.find((l) => l.story.title === DEMO_LIVE_TITLE);
      if (covered) await seedLiveCoverage(tx, covered.id, covered.publishedAt, staffIds);

      // Readership: each story's views per day since it appeared, their sums, the sections' days and the site's.
      const traffic = demoTraffic(
        links.map(({ story, publishedAt }) => ({
          publishedAt,
          section: story.section,
          featured: story.featured === true,
        })),
        now,
      );
      await tx.insert(newsViews).values(links.map(({ id }, i) => ({ newsId: id, views: traffic.stories[i]!.total })));
      const daily = links.flatMap(({ id }, i) =>
        [...traffic.stories[i]!.daily].map(([day, views]) => ({ day, newsId: id, views })),
      );
      await tx.insert(newsDailyViews).values(daily);
      const bySection = new Map<string, { day: string; category: string; views: number }>();
      links.forEach(({ story }, i) => {
        for (const [day, views] of traffic.stories[i]!.daily) {
          const key = `${day}|${story.section}`;
          const row = bySection.get(key) ?? { day, category: story.section, views: 0 };
          row.views += views;
          bySection.set(key, row);
        }
      });
      await tx
        .insert(sectionDailyViews)
        .values([...bySection.values()])
        .onConflictDoUpdate({
          target: [sectionDailyViews.day, sectionDailyViews.category],
          set: { views: sql`${sectionDailyViews.views} + excluded.views` },
        });
      const total = traffic.stories.reduce((n, s) => n + s.total, 0);
      await tx
        .insert(counters)
        .values({ key: 'views', value: total })
        .onConflictDoUpdate({ target: counters.key, set: { value: sql`${counters.value} + ${total}` } });
      // A day that already has figures (a site that was running before the demo was added) keeps its own.
      await tx
        .insert(dailyStats)
        .values(traffic.days.map(({ devices: _devices, ...day }) => day))
        .onConflictDoNothing();
      await tx
        .insert(dailyDevices)
        .values(
          traffic.days.flatMap(({ day, devices }) =>
            Object.entries(devices).map(([device, visitors]) => ({ day, device, visitors })),
          ),
        )
        .onConflictDoNothing();
    }

    const existingBreaking = new Set(
      (await tx.select({ title: breakingNews.title }).from(breakingNews)).map((r) => r.title),
    );
    const breakingRows = DEMO_BREAKING.filter((b) => !existingBreaking.has(b.title)).map((b, i) => ({
      title: b.title,
      priority: b.priority,
      isActive: b.isActive,
      createdAt: new Date(now.getTime() - (i + 1) * 45 * 60_000),
      expiresAt: b.expiresInHours === null ? null : new Date(now.getTime() + b.expiresInHours * HOUR_MS),
    }));
    if (breakingRows.length) await tx.insert(breakingNews).values(breakingRows);

    const insertedPrayer = await tx
      .insert(prayerTimes)
      .values(prayerRows)
      .onConflictDoNothing()
      .returning({ id: prayerTimes.id });

    await tx.insert(settings).values({ key: SITE_SETTINGS_KEY, value: DEFAULT_PUBLIC_SETTINGS }).onConflictDoNothing();
    await tx
      .insert(settings)
      .values({ key: DEMO_MARKER_KEY, value: now.toISOString() })
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });

    // Last, before the commit: if the passwords cannot be saved, no account is left that nobody can sign in to.
    if (createdStaff.length) accountsFile = saveDemoAccounts(opts.dataDir, createdStaff, now);

    return {
      categories: insertedCategories.length,
      news: fresh.length,
      breakingNews: breakingRows.length,
      prayerDays: insertedPrayer.length,
    };
  });

  if (createdStaff.length && accountsFile) {
    log(
      `Created the demo staff accounts ${createdStaff.map((m) => m.username).join(', ')} with generated passwords (printed once; saved in ${accountsFile})`,
    );
    (opts.show ?? log)(demoAccountsNotice(createdStaff, accountsFile));
  }
  return summary;
}

/** The demo's live coverage of one story: ended, its entries in order, their key events and the pinned summary. */
async function seedLiveCoverage(tx: Executor, newsId: number, publishedAt: Date, staffIds: Map<string, number>) {
  const at = (minutes: number) => new Date(publishedAt.getTime() + minutes * 60_000);
  const names = new Map<string, string>(DEMO_STAFF.map((m) => [m.username, m.fullName]));
  await tx.insert(liveCoverages).values({
    newsId,
    state: 'ended',
    startedAt: publishedAt,
    endedAt: at(DEMO_LIVE_ENDED_AFTER),
    lastSeq: DEMO_LIVE_ENTRIES.length + 2,
    lastEntryAt: at(DEMO_LIVE_ENTRIES.at(-1)!.minutes),
    startedBy: staffIds.get(DEMO_EDITOR.username) ?? null,
  });
  const rows = await tx
    .insert(liveEntries)
    .values(
      DEMO_LIVE_ENTRIES.map((e, i) => ({
        newsId,
        seq: i + 2,
        body: sanitizeArticleHtml(demoLiveBody(e)),
        keyEvent: e.keyEvent ?? null,
        embedUrl: e.embedUrl ?? null,
        authors: [{ id: staffIds.get(e.by) ?? null, username: e.by, fullName: names.get(e.by) ?? e.by }],
        createdBy: staffIds.get(e.by) ?? null,
        createdAt: at(e.minutes),
        updatedAt: at(e.minutes),
      })),
    )
    .returning({ id: liveEntries.id });
  const pinned = DEMO_LIVE_ENTRIES.findIndex((e) => e.pinned);
  if (pinned >= 0)
    await tx
      .update(liveCoverages)
      .set({ pinnedEntryId: rows[pinned]!.id })
      .where(sql`${liveCoverages.newsId} = ${newsId}`);
}

/**
 * The ids of the named tags, creating the missing ones. A tag whose folded name exists already (sahifa_normalize, as
 * the newsroom matches them) is reused; a new one gets its address (tagSlug), with a suffix when that is taken.
 */
async function ensureTags(tx: Executor, names: string[]): Promise<Map<string, number>> {
  const lookup = async () =>
    new Map(
      (
        await tx.execute<{ id: number; name: string }>(sql`
          select ${tags.id} as id, n.name from unnest(${sql.param(names)}::text[]) as n(name)
          join ${tags} on sahifa_normalize(lower(${tags.name})) = sahifa_normalize(lower(n.name))`)
      ).rows.map((r) => [r.name, Number(r.id)]),
    );
  const found = await lookup();
  const missing = names.filter((n) => !found.has(n));
  if (missing.length) {
    const bases = missing.map((n) => tagSlug(n) || TAG_SLUG_FALLBACK);
    const taken = new Set(
      (
        await tx.execute<{ slug: string }>(
          sql`select ${tags.slug} as slug from ${tags} where ${tags.slug} like any(${sql.param(bases.map((b) => `${b}%`))}::text[])`,
        )
      ).rows.map((r) => r.slug),
    );
    const values = missing.map((name, i) => {
      let slug = bases[i]!;
      for (let n = 2; taken.has(slug); n++) slug = `${bases[i]}-${n}`;
      taken.add(slug);
      return { name, slug };
    });
    await tx.insert(tags).values(values).onConflictDoNothing();
  }
  const ids = missing.length ? await lookup() : found;
  const lost = names.filter((n) => !ids.has(n));
  if (lost.length) throw new Error(`could not create the demo tags ${lost.join(', ')}`);
  return ids;
}

function saveDemoAccounts(
  dataDir: string,
  members: readonly { username: string; fullName: string; role: Role; password: string }[],
  now: Date,
): string {
  const text = [
    `# Sahifa demo staff accounts, created ${now.toISOString()}. Sign in at /admin/login;`,
    '# each can choose their own password under «تغيير كلمة المرور».',
    ...members.flatMap((m) => [
      '',
      `username: ${m.username}`,
      `name: ${m.fullName}`,
      `role: ${m.role}`,
      `password: ${m.password}`,
    ]),
    '',
  ].join('\n');
  return writeOwnerOnlyFile(dataDir, DEMO_ACCOUNTS_FILE, text);
}

function demoAccountsNotice(
  members: readonly { username: string; role: Role; password: string }[],
  file: string,
): string {
  const width = Math.max(...members.map((m) => m.username.length));
  return shownOnceBanner(
    'The demo staff accounts',
    members.map((m) => `   ${m.username.padEnd(width)}  ${m.role.padEnd(6)}  password: ${m.password}`),
    file,
    'Sign in at /admin/login; each can choose their own password under «تغيير كلمة المرور».',
  );
}

export async function isDemoSeeded(db: Db): Promise<boolean> {
  const rows = await db
    .select({ key: settings.key })
    .from(settings)
    .where(sql`${settings.key} = ${DEMO_MARKER_KEY}`)
    .limit(1);
  return rows.length > 0;
}
