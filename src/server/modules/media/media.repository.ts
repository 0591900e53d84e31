import { eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { admins } from '../../db/schema/accounts';
import { media, news } from '../../db/schema/content';
import { newsAutosaves, newsRevisions } from '../../db/schema/newsroom';

export type MediaValues = typeof media.$inferInsert;

export function mediaRepository() {
  return {
    async insert(values: MediaValues, ex: Executor): Promise<void> {
      await ex.insert(media).values(values);
    },
    /** Locks the row for the rest of the transaction (a delete against a concurrent use). */
    async findForUpdate(id: string, ex: Executor): Promise<{ id: string; originalName: string } | undefined> {
      const [row] = await ex
        .select({ id: media.id, originalName: media.originalName })
        .from(media)
        .where(eq(media.id, id))
        .for('update');
      return row;
    },
    /** Whether an article (its image, its body, a revision, an autosave) or a staff photo still shows the image. */
    async isUsed(id: string, ex: Executor): Promise<boolean> {
      // The id anywhere: the stored /media/… path, or a CDN's address pasted into a body.
      const pattern = `%${id}%`;
      const [inNews] = await ex
        .select({ one: sql`1` })
        .from(news)
        .where(or(sql`${news.imageUrl} like ${pattern}`, sql`${news.content} like ${pattern}`))
        .limit(1);
      if (inNews) return true;
      const [inRevision] = await ex
        .select({ one: sql`1` })
        .from(newsRevisions)
        .where(or(sql`${newsRevisions.imageUrl} like ${pattern}`, sql`${newsRevisions.content} like ${pattern}`))
        .limit(1);
      if (inRevision) return true;
      const [inAutosave] = await ex
        .select({ one: sql`1` })
        .from(newsAutosaves)
        .where(sql`${newsAutosaves.payload}::text like ${pattern}`)
        .limit(1);
      if (inAutosave) return true;
      const [inAvatar] = await ex
        .select({ one: sql`1` })
        .from(admins)
        .where(sql`${admins.avatarUrl} like ${pattern}`)
        .limit(1);
      return !!inAvatar;
    },
    async delete(id: string, ex: Executor): Promise<void> {
      await ex.delete(media).where(eq(media.id, id));
    },
  };
}
export type MediaRepository = ReturnType<typeof mediaRepository>;
