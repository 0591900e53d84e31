/** Small, explicit rows for tests; each test states what it needs. */
import type { Db } from '../db/client';
import { breakingNews, categories, news, prayerTimes } from '../db/schema/content';
import { newsViews } from '../db/schema/newsroom';
import { newsletterSubscribers } from '../db/schema/site';

let counter = 0;
const HOUR = 3_600_000;

export async function addCategory(db: Db, values: Partial<typeof categories.$inferInsert> = {}) {
  counter++;
  const [row] = await db
    .insert(categories)
    .values({ name: `قسم ${counter}`, slug: `section-${counter}`, position: counter, ...values })
    .returning();
  return row!;
}

/** A published article unless `status` says otherwise; `views` go to its all-time count. */
export async function addNews(
  db: Db,
  values: Partial<typeof news.$inferInsert> & { category: string; views?: number },
) {
  counter++;
  const { views, ...rest } = values;
  const [row] = await db
    .insert(news)
    .values({
      title: `خبر رقم ${counter}`,
      description: `وصف الخبر ${counter}`,
      content: `<p>نص الخبر ${counter}</p>`,
      imageUrl: `/media/00000000-0000-4000-8000-000000000001/1200.webp`,
      status: 'published',
      publishedAt: new Date(Date.now() - counter * HOUR),
      ...rest,
    })
    .returning();
  if (views) await db.insert(newsViews).values({ newsId: row!.id, views });
  return row!;
}

export async function addBreaking(db: Db, values: Partial<typeof breakingNews.$inferInsert> = {}) {
  counter++;
  const [row] = await db
    .insert(breakingNews)
    .values({ title: `عاجل ${counter}`, ...values })
    .returning();
  return row!;
}

export async function addPrayerDay(db: Db, values: typeof prayerTimes.$inferInsert) {
  const [row] = await db.insert(prayerTimes).values(values).returning();
  return row!;
}

/** A newsletter subscriber, confirmed unless `state` says otherwise. */
export async function addSubscriber(db: Db, values: Partial<typeof newsletterSubscribers.$inferInsert> = {}) {
  counter++;
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({
      fullName: `قارئ ${counter}`,
      email: `reader${counter}@example.ly`,
      state: 'confirmed',
      confirmedAt: new Date(),
      ...values,
    })
    .returning();
  return row!;
}

export const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);
export const hoursAhead = (h: number) => new Date(Date.now() + h * HOUR);
