/**
 * Demo content: sections, 61 articles over the last 30 days with generated images, three reporters (accounts with
 * random passwords nobody knows: an admin sets one to use them) as their authors, tags, views over the last days,
 * breaking news of mixed state, this year's prayer times for Tripoli and the site settings. Idempotent: rows that
 * exist are kept.
 */
import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { admins } from '../schema/accounts';
import { breakingNews, categories, media, news, prayerTimes } from '../schema/content';
import { newsAuthors, newsDailyViews, newsTags, newsViews, tags } from '../schema/newsroom';
import { counters, settings } from '../schema/site';
import { hashPassword } from '../../modules/admins/passwords';
import { slugify } from '../../../shared/arabic';
import { computePrayerDay } from '../../modules/prayer-times/prayer-calculation';
import { addDays, tripoliDate } from '../../../shared/dates';
import { DEMO_CATEGORIES } from './demo-categories';
import { DEMO_BREAKING, DEMO_HEADLINES, DEMO_PARAGRAPHS, DEMO_REPORTERS, DEMO_TAGS } from './demo-articles';
import type { MediaStore } from '../../modules/media/media.store';
import { DEMO_IMAGES_PER_CATEGORY, ensureDemoImages } from './demo-images';
import { DEFAULT_PUBLIC_SETTINGS, SITE_SETTINGS_KEY } from '../../../shared/settings-defaults';
import { SANITIZER_VERSION } from '../../modules/news/sanitize-html';

export const DEMO_MARKER_KEY = 'demo_seeded_at';
const DAY_MS = 86_400_000;

export interface SeedSummary {
  categories: number;
  news: number;
  breakingNews: number;
  prayerDays: number;
}

function articleHtml(paragraphs: readonly string[], k: number): string {
  const pick = (i: number) => paragraphs[(k + i) % paragraphs.length]!;
  return [
    `<p>${pick(0)}</p>`,
    `<h2>تفاصيل</h2>`,
    `<p>${pick(1)}</p>`,
    k % 3 === 0 ? `<blockquote>${pick(3)}</blockquote>` : `<p>${pick(3)}</p>`,
    `<p>${pick(2)}</p>`,
  ].join('');
}

export async function seedDemo(db: Db, opts: { store: MediaStore; now?: Date }): Promise<SeedSummary> {
  const now = opts.now ?? new Date();
  const images = await Promise.all(DEMO_CATEGORIES.map((c, i) => ensureDemoImages(opts.store, i, c.color)));

  const articles = DEMO_CATEGORIES.flatMap((c, ci) =>
    DEMO_HEADLINES[c.slug]!.map(([title, description], k) => ({ title, description, category: c.slug, ci, k })),
  );
  // Interleave sections so every day has a mix; the newest first.
  articles.sort((a, b) => a.k - b.k || a.ci - b.ci);

  const year = tripoliDate(now).slice(0, 4);
  const prayerRows: (typeof prayerTimes.$inferInsert)[] = [];
  for (let d = `${year}-01-01`; d.startsWith(year); d = addDays(d, 1))
    prayerRows.push({ date: d, ...computePrayerDay(d) });

  const reporterHash = await hashPassword(randomBytes(32).toString('hex'));

  return db.transaction(async (tx) => {
    // Several instances starting at once seed one after another; the later ones find everything there.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    await tx
      .insert(admins)
      .values(DEMO_REPORTERS.map((r) => ({ ...r, role: 'writer' as const, passwordHash: reporterHash })))
      .onConflictDoNothing();
    const reporters = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(
        inArray(
          admins.username,
          DEMO_REPORTERS.map((r) => r.username),
        ),
      )
      .orderBy(admins.id);
    const tagNames = [...new Set(Object.values(DEMO_TAGS).flat())];
    await tx
      .insert(tags)
      .values(tagNames.map((name) => ({ name, slug: slugify(name) })))
      .onConflictDoNothing();
    const tagIds = new Map(
      (await tx.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.name, tagNames))).map((t) => [
        t.name,
        t.id,
      ]),
    );

    const insertedCategories = await tx
      .insert(categories)
      .values(DEMO_CATEGORIES.map((c, i) => ({ ...c, position: i, isActive: true })))
      .onConflictDoNothing()
      .returning({ id: categories.id });

    await tx
      .insert(media)
      .values(
        images.flat().map((img) => ({
          id: img.id,
          originalName: 'demo.png',
          sourceType: 'png',
          width: 1200,
          height: 675,
          widths: [400, 800, 1200],
          bytes: img.bytes,
        })),
      )
      .onConflictDoNothing();

    const existingTitles = new Set((await tx.select({ title: news.title }).from(news)).map((r) => r.title));
    const span = 30 * DAY_MS;
    const newsRows = articles
      .map((a, i) => {
        const publishedAt = new Date(
          now.getTime() - 20 * 60_000 - Math.round((i / articles.length) * span) - ((i * 37) % 90) * 60_000,
        );
        return {
          title: a.title,
          description: a.description,
          content: articleHtml(DEMO_PARAGRAPHS[a.category]!, a.k),
          category: a.category,
          imageUrl: images[a.ci]![a.k % DEMO_IMAGES_PER_CATEGORY]!.url,
          featured: i % 7 === 0,
          status: 'published' as const,
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
          sanitizedWith: SANITIZER_VERSION,
          authorId: reporters.length ? reporters[i % reporters.length]!.id : null,
          // Seed-only: how the demo's views and tags are made (not columns).
          seed: { views: Math.round(40 + ((i * 7919) % 2400) * (1 - i / articles.length)), k: a.k, slug: a.category },
        };
      })
      .filter((r) => !existingTitles.has(r.title));
    if (newsRows.length) {
      const inserted = await tx
        .insert(news)
        .values(newsRows.map(({ seed: _seed, ...row }) => row))
        .returning({ id: news.id, authorId: news.authorId, publishedAt: news.publishedAt });
      const links = inserted.map((row, i) => ({ row, seed: newsRows[i]!.seed }));
      const authorRows = links.flatMap(({ row }) =>
        row.authorId === null
          ? []
          : [{ newsId: row.id, adminId: row.authorId, position: 0, visibleAt: row.publishedAt }],
      );
      if (authorRows.length) await tx.insert(newsAuthors).values(authorRows);
      const tagRows = links.flatMap(({ row, seed }) => {
        const names = DEMO_TAGS[seed.slug] ?? [];
        const picked = [names[seed.k % names.length], names[(seed.k + 2) % names.length]].filter(
          (n, j, all): n is string => !!n && all.indexOf(n) === j,
        );
        return picked.map((name, position) => ({
          newsId: row.id,
          tagId: tagIds.get(name)!,
          position,
          visibleAt: row.publishedAt,
        }));
      });
      if (tagRows.length) await tx.insert(newsTags).values(tagRows);
      await tx.insert(newsViews).values(links.map(({ row, seed }) => ({ newsId: row.id, views: seed.views })));
      // A share of each article's views on each of the last eight days, so "most read today / this week" has data.
      const today = tripoliDate(now);
      const daily = links.flatMap(({ row, seed }) =>
        Array.from({ length: 8 }, (_, d) => ({
          day: addDays(today, -d),
          newsId: row.id,
          views: Math.max(1, Math.round((seed.views / 12) * ((row.id * (d + 3)) % 5) * 0.4)),
        })).filter((v) => v.day >= tripoliDate(row.publishedAt!)),
      );
      if (daily.length) await tx.insert(newsDailyViews).values(daily).onConflictDoNothing();
      const total = links.reduce((n, { seed }) => n + seed.views, 0);
      await tx
        .insert(counters)
        .values({ key: 'views', value: total })
        .onConflictDoUpdate({ target: counters.key, set: { value: sql`${counters.value} + ${total}` } });
    }

    const existingBreaking = new Set(
      (await tx.select({ title: breakingNews.title }).from(breakingNews)).map((r) => r.title),
    );
    const breakingRows = DEMO_BREAKING.filter((b) => !existingBreaking.has(b.title)).map((b, i) => ({
      title: b.title,
      priority: b.priority,
      isActive: b.isActive,
      createdAt: new Date(now.getTime() - (i + 1) * 45 * 60_000),
      expiresAt: b.expiresInHours === null ? null : new Date(now.getTime() + b.expiresInHours * 3_600_000),
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

    return {
      categories: insertedCategories.length,
      news: newsRows.length,
      breakingNews: breakingRows.length,
      prayerDays: insertedPrayer.length,
    };
  });
}

export async function isDemoSeeded(db: Db): Promise<boolean> {
  const rows = await db
    .select({ key: settings.key })
    .from(settings)
    .where(sql`${settings.key} = ${DEMO_MARKER_KEY}`)
    .limit(1);
  return rows.length > 0;
}
