/**
 * Tags: created on the fly when an article names them (no separate screen), matched by folded name so 'الإعلام' and
 * 'الاعلام' are one tag, given an address in their own Arabic words (/tag/طرابلس; a suffix when taken). Addresses
 * tags had before (transliterated ones) lead to the tag's address now.
 */
import { normalizeArabic, TAG_SLUG_FALLBACK, tagSlug } from '../../../shared/arabic';
import type { Executor } from '../../db/client';
import type { NewsCursor } from '../../../shared/cursor';
import type { NewsRepository } from '../news/news.repository';
import { tagsErrors } from './tags.errors';
import type { TagRow, TagsRepository } from './tags.repository';

export const SUGGESTIONS = 10;

export function tagsService(deps: { repo: TagsRepository; news: NewsRepository; now: () => Date }) {
  const { repo, news, now } = deps;

  async function findOrCreate(name: string, ex: Executor): Promise<TagRow> {
    const base = tagSlug(name) || TAG_SLUG_FALLBACK;
    for (let attempt = 1; attempt < 100; attempt++) {
      const existing = await repo.findByName(name, ex);
      if (existing) return existing;
      const created = await repo.tryInsert(name, attempt === 1 ? base : `${base}-${attempt}`, now(), ex);
      if (created) return created;
    }
    throw tagsErrors.unusable(name);
  }

  return {
    /** The ids of the named tags, in the order given, creating the new ones; repeats (as folded) count once. */
    async resolve(names: string[], ex: Executor): Promise<number[]> {
      const seen = new Set<string>();
      const ids: number[] = [];
      for (const raw of names) {
        const name = raw.replace(/\s+/g, ' ').trim();
        const key = normalizeArabic(name.toLowerCase());
        if (!name || seen.has(key)) continue;
        seen.add(key);
        ids.push((await findOrCreate(name, ex)).id);
      }
      return ids;
    },
    suggest: (text: string) => repo.suggest(text, SUGGESTIONS),
    /** Where a former tag address leads now (its page answers 301 there), if anywhere. */
    currentSlugOf: (formerSlug: string) => repo.currentSlugOf(formerSlug),
    async bySlug(slug: string) {
      const tag = await repo.findVisibleBySlug(slug);
      if (!tag) throw tagsErrors.notFound();
      return tag;
    },
    async news(slug: string, limit: number, before?: NewsCursor) {
      const tag = await repo.findVisibleBySlug(slug);
      if (!tag) throw tagsErrors.notFound();
      return { tag, rows: await news.listByTag(tag.id, limit, before) };
    },
  };
}
export type TagsService = ReturnType<typeof tagsService>;
