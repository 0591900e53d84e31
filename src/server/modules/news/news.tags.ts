/**
 * Which cached responses an article change touches. Lists carry a tag per article they show, so editing a visible
 * article drops its own page and every list showing it (`article:<id>`); a change of what lists contain (publishing,
 * unpublishing, deleting, moving section, featuring, re-dating, its tags or authors) also drops those lists' own tags.
 */
import { tag, type CacheTag } from '../../lib/cache-tags';
import type { NewsRow } from './news.repository';

export type ArticleState = Pick<NewsRow, 'id' | 'status' | 'publishedAt' | 'category' | 'featured'>;

export const isPublic = (a: ArticleState | undefined, now: Date): a is ArticleState =>
  !!a && a.status === 'published' && !!a.publishedAt && a.publishedAt.getTime() <= now.getTime();

/** When readers can see the article from (the link tables' visible_at), or null. */
export const visibleSince = (a: ArticleState, now: Date): Date | null => (isPublic(a, now) ? a.publishedAt : null);

const month = (d: Date | null) => (d ? d.toISOString().slice(0, 7) : undefined);

/** Lists an article appears in while it is public. */
function listTags(a: ArticleState): CacheTag[] {
  const tags: CacheTag[] = ['latest', 'search', 'most-read', 'sitemap', 'archive', tag.section(a.category)];
  if (a.featured) tags.push('featured');
  const m = month(a.publishedAt);
  if (m) tags.push(tag.sitemapMonth(m));
  return tags;
}

export function articleTags(
  before: ArticleState | undefined,
  after: ArticleState | undefined,
  now: Date,
  /** Its tags or authors changed (the archive's lists by tag and author). */
  linksChanged = false,
): CacheTag[] {
  const was = isPublic(before, now) ? before : undefined;
  const is = isPublic(after, now) ? after : undefined;
  if (!was && !is) return []; // a draft, or news scheduled for later: readers saw nothing and see nothing
  const id = (was ?? is)!.id;
  const tags = new Set<CacheTag>([tag.article(id)]);
  if (!was || !is) {
    for (const t of listTags((was ?? is)!)) tags.add(t);
  } else {
    if (was.category !== is.category) [tag.section(was.category), tag.section(is.category)].forEach((t) => tags.add(t));
    if (was.featured !== is.featured) tags.add('featured');
    if (was.publishedAt?.getTime() !== is.publishedAt?.getTime()) {
      for (const t of [...listTags(was), ...listTags(is)]) tags.add(t);
    }
    if (linksChanged) tags.add('archive');
    const m = month(is.publishedAt);
    if (m) tags.add(tag.sitemapMonth(m)); // its lastmod may have changed
  }
  return [...tags];
}
