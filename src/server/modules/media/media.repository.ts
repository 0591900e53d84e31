import type { Executor } from '../../db/client';
import { media } from '../../db/schema/content';

export type MediaValues = typeof media.$inferInsert;

export function mediaRepository() {
  return {
    async insert(values: MediaValues, ex: Executor): Promise<void> {
      await ex.insert(media).values(values);
    },
  };
}
export type MediaRepository = ReturnType<typeof mediaRepository>;
