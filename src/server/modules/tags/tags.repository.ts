/** Tags (وسوم): one row per name, matched as search folds Arabic (أ/ا, ة/ه, ى/ي…), with an Arabic slug. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { newsTags, tagSlugAliases, tags } from '../../db/schema/newsroom';

export type TagRow = typeof tags.$inferSelect;

const folded = (value: unknown) => sql`sahifa_normalize(lower(${value}))`;

export function tagsRepository(db: Db, now: () => Date) {
  // Every tag page asks for it: a named statement, planned once per connection (db/named.ts).
  const visibleBySlug = db
    .select()
    .from(tags)
    .where(
      and(
        eq(tags.slug, sql.placeholder('slug')),
        sql`exists (select 1 from ${newsTags} where ${newsTags.tagId} = ${tags.id}
          and ${newsTags.visibleAt} is not null and ${newsTags.visibleAt} <= ${sql.placeholder('now')})`,
      ),
    )
    .limit(1)
    .prepare('tags_visible_by_slug');
  return {
    async findByName(name: string, ex: Executor = db): Promise<TagRow | undefined> {
      const [row] = await ex
        .select()
        .from(tags)
        .where(sql`${folded(tags.name)} = ${folded(name)}`)
        .limit(1);
      return row;
    },
    /** Inserts a tag unless its name or slug is taken (then undefined: the caller looks again). */
    async tryInsert(name: string, slug: string, at: Date, ex: Executor): Promise<TagRow | undefined> {
      const [row] = await ex.insert(tags).values({ name, slug, createdAt: at }).onConflictDoNothing().returning();
      return row;
    },
    /** Tags whose folded name contains the typed text, those starting with it first. */
    suggest: (text: string, limit: number) =>
      text
        ? db
            .select({ id: tags.id, name: tags.name, slug: tags.slug })
            .from(tags)
            .where(sql`strpos(${folded(tags.name)}, ${folded(text)}) > 0`)
            .orderBy(sql`strpos(${folded(tags.name)}, ${folded(text)})`, sql`length(${tags.name})`, tags.name)
            .limit(limit)
        : db
            .select({ id: tags.id, name: tags.name, slug: tags.slug })
            .from(tags)
            .orderBy(sql`${tags.createdAt} desc`, sql`${tags.id} desc`)
            .limit(limit),
    /** The slug a tag has now, for one of its former slugs (undefined: no tag ever had it). */
    async currentSlugOf(formerSlug: string): Promise<string | undefined> {
      const [row] = await db
        .select({ slug: tags.slug })
        .from(tagSlugAliases)
        .innerJoin(tags, eq(tags.id, tagSlugAliases.tagId))
        .where(eq(tagSlugAliases.slug, formerSlug))
        .limit(1);
      return row?.slug;
    },
    /** A tag readers can open: it names at least one visible article. */
    async findVisibleBySlug(slug: string): Promise<TagRow | undefined> {
      const [row] = await visibleBySlug.execute({ slug, now: now() });
      return row;
    },
  };
}
export type TagsRepository = ReturnType<typeof tagsRepository>;
