/**
 * Sections. Rules: slugs are unique; names are unique as readers read them (after Arabic folding, whatever the case:
 * «الاقتصاد» and «الإقتصاد» are one name, so the menu never shows a section twice); a section that still has news cannot be deleted (no article is orphaned);
 * the order stays dense (0..n-1) after a move or a delete. Section names, colours and the active list show on every
 * reader page, so every change drops the `sections` tag.
 */
import { CATEGORY_DEFAULT_COLOR } from '../../../shared/constants';
import type { CategoryInput, CategoryReorder, CategoryUpdate } from '../../../shared/schemas/admin';
import { isUniqueViolation, pgConstraint } from '../../lib/pg-errors';
import type { Actor, Writer } from '../../lib/write';
import type { Tx } from '../../db/client';
import { categoriesErrors } from './categories.errors';
import type { CategoriesRepository, CategoryRow, CategoryValues } from './categories.repository';

const TAGS = ['sections'] as const;

function valuesOf(b: CategoryUpdate): CategoryValues {
  if ('name' in b)
    return {
      name: b.name,
      slug: b.slug,
      description: b.description || null,
      color: b.color ?? CATEGORY_DEFAULT_COLOR,
      isActive: b.isActive,
      ...(b.order !== undefined ? { position: b.order } : {}),
    };
  return 'order' in b ? { position: b.order } : { isActive: b.isActive };
}

export function categoriesService(deps: { repo: CategoriesRepository; write: Writer; now: () => Date }) {
  const { repo, write, now } = deps;

  /**
   * A unique slug or name violated at commit (two admins saving at once, both checks passed) is the editor's
   * conflict, not a server fault.
   */
  async function guarded<T>(name: string | undefined, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err))
        throw pgConstraint(err) === 'categories_name_key' && name !== undefined
          ? categoriesErrors.nameTaken(name)
          : categoriesErrors.slugTaken();
      throw err;
    }
  }

  /** The slug and the name must be free (besides this section's own): said next to the field that is not. */
  async function checkFree(values: CategoryValues, tx: Tx, id?: number): Promise<void> {
    if (values.slug !== undefined) {
      const other = await repo.findBySlug(values.slug, tx);
      if (other && other.id !== id) throw categoriesErrors.slugTaken();
    }
    if (values.name !== undefined) {
      const other = await repo.findByName(values.name, id, tx);
      if (other) throw categoriesErrors.nameTaken(other.name);
    }
  }

  /** Renumbers 0..n-1 in the given order, writing only what moved. */
  async function renumber(list: CategoryRow[], tx: Tx): Promise<void> {
    for (const [position, c] of list.entries()) if (c.position !== position) await repo.setPosition(c.id, position, tx);
  }

  return {
    listActive: () => repo.listActive(),
    listAll: () => repo.listAll(),
    async findActiveBySlug(slug: string): Promise<CategoryRow> {
      const row = await repo.findActiveBySlug(slug);
      if (!row) throw categoriesErrors.notFound();
      return row;
    },

    create: (actor: Actor, input: CategoryInput) =>
      guarded(input.name, () =>
        write(actor, async (tx) => {
          await checkFree(valuesOf(input), tx);
          const position = input.order ?? (await repo.count(tx));
          const row = await repo.insert(
            { ...(valuesOf(input) as CategoryValues & { name: string; slug: string }), position, createdAt: now() },
            tx,
          );
          return {
            value: row,
            audit: {
              action: 'create',
              entity: 'category',
              entityId: row.id,
              details: { name: row.name, slug: row.slug },
            },
            tags: TAGS,
          };
        }),
      ),

    update: (actor: Actor, id: number, input: CategoryUpdate) =>
      guarded('name' in input ? input.name : undefined, () =>
        write(actor, async (tx) => {
          const values = valuesOf(input);
          await checkFree(values, tx, id);
          const row = await repo.update(id, values, tx);
          if (!row) throw categoriesErrors.notFound();
          return {
            value: row,
            audit: { action: 'update', entity: 'category', entityId: id, details: values },
            tags: TAGS,
          };
        }),
      ),

    /** Move up/down: swaps with the neighbour and renumbers, in one locked transaction. */
    async move(actor: Actor, { id, direction }: CategoryReorder): Promise<CategoryRow[]> {
      await write(actor, async (tx) => {
        await repo.lockTable(tx);
        const list = await repo.listAll(tx);
        const i = list.findIndex((c) => c.id === id);
        if (i < 0) throw categoriesErrors.notFound();
        const j = direction === 'up' ? i - 1 : i + 1;
        if (j < 0 || j >= list.length) return { value: undefined, audit: null, tags: [] };
        [list[i], list[j]] = [list[j]!, list[i]!];
        await renumber(list, tx);
        return {
          value: undefined,
          audit: { action: 'update', entity: 'category', entityId: id, details: { move: direction } },
          tags: TAGS,
        };
      });
      return repo.listAll();
    },

    delete: (actor: Actor, id: number) =>
      write(actor, async (tx) => {
        await repo.lockTable(tx);
        const row = await repo.findForUpdate(id, tx);
        if (!row) throw categoriesErrors.notFound();
        const n = await repo.countNews(row.slug, tx);
        if (n > 0) throw categoriesErrors.hasNews(n);
        await repo.delete(row.id, tx);
        await renumber(await repo.listAll(tx), tx);
        return {
          value: undefined,
          audit: { action: 'delete', entity: 'category', entityId: id, details: { name: row.name, slug: row.slug } },
          tags: TAGS,
        };
      }),
  };
}
export type CategoriesService = ReturnType<typeof categoriesService>;
