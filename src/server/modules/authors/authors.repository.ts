/** Staff as readers see them: only those named on at least one visible article have a public page. */
import { and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { admins } from '../../db/schema/accounts';
import { newsAuthors } from '../../db/schema/newsroom';

export function authorsRepository(db: Db, now: () => Date) {
  // Every author page asks for it: a named statement, planned once per connection (db/named.ts).
  const publicByUsername = db
    .select({
      id: admins.id,
      username: admins.username,
      fullName: admins.fullName,
      bio: admins.bio,
      avatarUrl: admins.avatarUrl,
    })
    .from(admins)
    .where(
      and(
        sql`lower(${admins.username}) = lower(${sql.placeholder('username')})`,
        sql`exists (select 1 from ${newsAuthors} where ${newsAuthors.adminId} = ${admins.id}
          and ${newsAuthors.visibleAt} is not null and ${newsAuthors.visibleAt} <= ${sql.placeholder('now')})`,
      ),
    )
    .limit(1)
    .prepare('authors_public_by_username');
  return {
    async findPublic(username: string) {
      const [row] = await publicByUsername.execute({ username, now: now() });
      return row;
    },
    /** Everyone with a public page (the pages sitemap). */
    listPublic: () =>
      db
        .select({ username: admins.username })
        .from(admins)
        .where(
          sql`exists (select 1 from ${newsAuthors} where ${newsAuthors.adminId} = ${admins.id}
            and ${newsAuthors.visibleAt} is not null and ${newsAuthors.visibleAt} <= ${now()})`,
        )
        .orderBy(admins.username),
  };
}
export type AuthorsRepository = ReturnType<typeof authorsRepository>;
