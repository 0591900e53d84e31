/** Breaking news: every change shows in the red ticker on every reader page at once (tag `breaking`). */
import type { BreakingNewsInput, BreakingNewsUpdate } from '../../../shared/schemas/admin';
import type { PageQuery } from '../../../shared/schemas/common';
import { pageOf, type Page } from '../../lib/paging';
import type { Tx } from '../../db/client';
import type { Actor, Writer } from '../../lib/write';
import { breakingNewsErrors } from './breaking-news.errors';
import type { BreakingNewsRepository, BreakingNewsRow, BreakingNewsValues } from './breaking-news.repository';

const TAGS = ['breaking'] as const;

const valuesOf = (b: BreakingNewsUpdate): BreakingNewsValues =>
  'title' in b
    ? {
        title: b.title,
        isActive: b.isActive,
        priority: b.priority,
        expiresAt: b.expiresAt ? new Date(b.expiresAt) : null,
        newsId: b.newsId ?? null,
      }
    : { isActive: b.isActive };

export function breakingNewsService(deps: { repo: BreakingNewsRepository; write: Writer; now: () => Date }) {
  const { repo, write, now } = deps;
  /** A linked article must exist (it shows as a link only while readers can see it). */
  const checkLink = async (newsId: number | null | undefined, tx: Tx) => {
    if (newsId && !(await repo.articleExists(newsId, tx))) throw breakingNewsErrors.noSuchArticle();
  };
  return {
    current: () => repo.listCurrent(now()),
    countActive: () => repo.countActive(now()),
    async page(q: PageQuery): Promise<Page<BreakingNewsRow>> {
      const { rows, ...count } = await repo.page(q);
      return pageOf(rows, q, count);
    },
    create: (actor: Actor, input: BreakingNewsInput) =>
      write(actor, async (tx) => {
        await checkLink(input.newsId, tx);
        const row = await repo.insert({ ...(valuesOf(input) as Required<BreakingNewsValues>), createdAt: now() }, tx);
        return {
          value: row,
          audit: {
            action: 'create',
            entity: 'breaking_news',
            entityId: row.id,
            details: { title: row.title, isActive: row.isActive, newsId: row.newsId },
          },
          tags: TAGS,
        };
      }),
    update: (actor: Actor, id: number, input: BreakingNewsUpdate) =>
      write(actor, async (tx) => {
        const values = valuesOf(input);
        await checkLink(values.newsId, tx);
        const row = await repo.update(id, values, tx);
        if (!row) throw breakingNewsErrors.notFound();
        return {
          value: row,
          audit: { action: 'update', entity: 'breaking_news', entityId: id, details: values },
          tags: TAGS,
        };
      }),
    delete: (actor: Actor, id: number) =>
      write(actor, async (tx) => {
        const row = await repo.delete(id, tx);
        if (!row) throw breakingNewsErrors.notFound();
        return {
          value: undefined,
          audit: { action: 'delete', entity: 'breaking_news', entityId: id, details: { title: row.title } },
          tags: TAGS,
        };
      }),
  };
}
export type BreakingNewsService = ReturnType<typeof breakingNewsService>;
