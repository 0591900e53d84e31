/**
 * Demo content: sections, 61 articles over the last 30 days with generated images, breaking news of mixed
 * state, this year's prayer times for Tripoli and the site settings. Idempotent: rows that exist are kept.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { breakingNews, categories, media, news, prayerTimes } from '../schema/content';
import { settings } from '../schema/site';
import { computePrayerDay } from '../../modules/prayer-times/prayer-calculation';
import { addDays, tripoliDate } from '../../../shared/dates';
import { DEMO_CATEGORIES } from './demo-categories';
import { DEMO_BREAKING, DEMO_HEADLINES, DEMO_PARAGRAPHS } from './demo-articles';
import { DEMO_IMAGES_PER_CATEGORY, ensureDemoImages } from './demo-images';
import { DEFAULT_PUBLIC_SETTINGS, SITE_SETTINGS_KEY } from '../../../shared/settings-defaults';

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

export async function seedDemo(db: Db, opts: { dataDir: string; now?: Date }): Promise<SeedSummary> {
  const now = opts.now ?? new Date();
  const images = await Promise.all(DEMO_CATEGORIES.map((c, i) => ensureDemoImages(opts.dataDir, i, c.color)));

  const articles = DEMO_CATEGORIES.flatMap((c, ci) =>
    DEMO_HEADLINES[c.slug]!.map(([title, description], k) => ({ title, description, category: c.slug, ci, k })),
  );
  // Interleave sections so every day has a mix; the newest first.
  articles.sort((a, b) => a.k - b.k || a.ci - b.ci);

  const year = tripoliDate(now).slice(0, 4);
  const prayerRows: (typeof prayerTimes.$inferInsert)[] = [];
  for (let d = `${year}-01-01`; d.startsWith(year); d = addDays(d, 1))
    prayerRows.push({ date: d, ...computePrayerDay(d) });

  return db.transaction(async (tx) => {
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
          views: Math.round(40 + ((i * 7919) % 2400) * (1 - i / articles.length)),
          status: 'published' as const,
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        };
      })
      .filter((r) => !existingTitles.has(r.title));
    if (newsRows.length) await tx.insert(news).values(newsRows);

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
