/**
 * Articles: what readers may see, and the newsroom's changes to it. Rules: a body is sanitised when saved and may
 * not be empty once sanitised; the section must exist; a save by SPEC's plain call publishes at once. Every change
 * drops exactly the cached responses that showed (or will show) the article (news.tags.ts).
 */
import type { NewsInput } from '../../../shared/schemas/admin';
import type { PageQuery } from '../../../shared/schemas/common';
import type { NewsCursor } from '../../../shared/cursor';
import { pageOf, type Page } from '../../lib/paging';
import type { Actor, Writer } from '../../lib/write';
import type { Executor, Tx } from '../../db/client';
import type { CategoriesRepository } from '../categories/categories.repository';
import { categoriesErrors } from '../categories/categories.errors';
import { newsErrors } from './news.errors';
import type { AdminNewsFilter, AdminNewsListRow, AdminNewsRow, NewsRepository, NewsValues } from './news.repository';
import { articleTags, type ArticleState } from './news.tags';
import { sanitizeArticleHtml } from './sanitize-html';

export const FEATURED_LIMIT = 10;
export const RELATED_LIMIT = 4;

export function newsService(deps: {
  repo: NewsRepository;
  categories: CategoriesRepository;
  write: Writer;
  now: () => Date;
}) {
  const { repo, categories, write, now } = deps;

  /** The body as it will be stored: sanitised, and not empty once sanitised; the section must exist. */
  async function checked(input: NewsInput, ex: Executor) {
    const content = sanitizeArticleHtml(input.content);
    if (!content.replace(/<[^>]*>/g, '').trim() && !/<(img|iframe)/.test(content)) throw newsErrors.contentEmpty();
    if (!(await categories.findBySlug(input.category, ex))) throw newsErrors.unknownCategory();
    return {
      title: input.title,
      description: input.description,
      content,
      category: input.category,
      imageUrl: input.imageUrl,
      featured: input.featured,
    };
  }

  async function reload(id: number, ex?: Executor): Promise<AdminNewsRow> {
    const row = await repo.findById(id, ex);
    if (!row) throw newsErrors.notFound();
    return row;
  }

  /** A change to an existing article: locked, changed, re-read, audited, and its readers' copies dropped. */
  const change = (
    actor: Actor,
    id: number,
    make: (tx: Tx) => Promise<{ values: NewsValues; details: unknown }>,
  ): Promise<AdminNewsRow> =>
    write(actor, async (tx) => {
      const before = await repo.lockById(id, tx);
      if (!before) throw newsErrors.notFound();
      const { values, details } = await make(tx);
      await repo.update(id, { ...values, updatedAt: now() }, tx);
      const row = await reload(id, tx);
      return {
        value: row,
        audit: { action: 'update', entity: 'news', entityId: id, details },
        tags: articleTags(before, row, now()),
      };
    });

  return {
    // Readers
    latest: (limit: number, offset: number, before?: NewsCursor) => repo.listLatest(limit, offset, before),
    featured: () => repo.listFeatured(FEATURED_LIMIT),
    mostRead: (limit: number) => repo.mostRead(limit),
    async byCategory(slug: string, limit: number, offset: number, before?: NewsCursor) {
      if (!(await categories.findActiveBySlug(slug))) throw categoriesErrors.notFound();
      return repo.listByCategory(slug, limit, offset, before);
    },
    async article(id: number) {
      const row = await repo.findVisible(id);
      if (!row) throw newsErrors.notFound();
      return row;
    },
    /** Related news of a visible article, and its section (whose list the related list follows). */
    async related(id: number) {
      const row = await repo.findVisible(id);
      if (!row) throw newsErrors.notFound();
      return { category: row.category, ...(await repo.listRelated(row.id, row.category, RELATED_LIMIT)) };
    },
    async addView(id: number): Promise<number> {
      const views = await repo.addView(id);
      if (views === undefined) throw newsErrors.notFound();
      return views;
    },

    // Staff
    async page(filter: AdminNewsFilter, q: PageQuery): Promise<Page<AdminNewsListRow>> {
      const { rows, ...count } = await repo.page(filter, q);
      return pageOf(rows, q, count);
    },
    get: (id: number) => reload(id),
    totalViews: () => repo.totalViews(),

    create: (actor: Actor, input: NewsInput) =>
      write(actor, async (tx) => {
        const values = await checked(input, tx);
        const id = await repo.insert(
          { ...values, status: 'published', publishedAt: now(), authorId: actor.id, at: now() },
          tx,
        );
        const row = await reload(id, tx);
        return {
          value: row,
          audit: { action: 'create', entity: 'news', entityId: id, details: { title: values.title } },
          tags: articleTags(undefined, row, now()),
        };
      }),

    update: (actor: Actor, id: number, input: NewsInput) =>
      change(actor, id, async (tx) => {
        const values = await checked(input, tx);
        return { values, details: { title: values.title } };
      }),

    setFeatured: (actor: Actor, id: number, featured: boolean) =>
      change(actor, id, async () => ({ values: { featured }, details: { featured } })),

    delete: (actor: Actor, id: number) =>
      write(actor, async (tx) => {
        const gone = await repo.delete(id, tx);
        if (!gone) throw newsErrors.notFound();
        return {
          value: undefined,
          audit: { action: 'delete', entity: 'news', entityId: id, details: { title: gone.title } },
          tags: articleTags(gone as ArticleState, undefined, now()),
        };
      }),
  };
}
export type NewsService = ReturnType<typeof newsService>;
