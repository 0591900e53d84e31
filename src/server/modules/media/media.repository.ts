import { eq, sql } from 'drizzle-orm';
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
      // The id anywhere: the stored /media/… path, or a CDN's address pasted into a body. One statement, each
      // place asked until the first use is found.
      const pattern = `%${id}%`;
      const result = await ex.execute<{ used: boolean }>(sql`select
        exists (select 1 from ${news} where ${news.imageUrl} like ${pattern} or ${news.content} like ${pattern})
        or exists (select 1 from ${newsRevisions}
          where ${newsRevisions.imageUrl} like ${pattern} or ${newsRevisions.content} like ${pattern})
        or exists (select 1 from ${newsAutosaves} where ${newsAutosaves.payload}::text like ${pattern})
        or exists (select 1 from ${admins} where ${admins.avatarUrl} like ${pattern}) as used`);
      return !!result.rows[0]?.used;
    },
    async delete(id: string, ex: Executor): Promise<void> {
      await ex.delete(media).where(eq(media.id, id));
    },
  };
}
export type MediaRepository = ReturnType<typeof mediaRepository>;
