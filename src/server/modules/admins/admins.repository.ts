/** Staff accounts: every statement about the admins table. */
import { asc, eq, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/schemas/common';
import type { Role } from '../../../shared/permissions';
import type { Db, Executor } from '../../db/client';
import { admins } from '../../db/schema/accounts';
import { newsAuthors } from '../../db/schema/newsroom';
import { offsetOf, paged } from '../../lib/paging';

export type AdminRow = typeof admins.$inferSelect;

export function adminsRepository(db: Db) {
  return {
    async page(q: PageQuery): Promise<{ rows: AdminRow[]; total: number; exact: boolean }> {
      return paged(
        db,
        db.select().from(admins).orderBy(asc(admins.id)).limit(q.pageSize).offset(offsetOf(q)),
        sql`select 1 from ${admins}`,
      );
    },
    async findById(id: number, ex: Executor = db): Promise<AdminRow | undefined> {
      const [row] = await ex.select().from(admins).where(eq(admins.id, id)).limit(1);
      return row;
    },
    async findByUsername(username: string, ex: Executor = db): Promise<AdminRow | undefined> {
      const [row] = await ex
        .select()
        .from(admins)
        .where(sql`lower(${admins.username}) = lower(${username})`)
        .limit(1);
      return row;
    },
    /** The account that uses this e-mail address, whatever its letter case (admins_email_key). */
    async findByEmail(email: string, ex: Executor = db): Promise<AdminRow | undefined> {
      const [row] = await ex
        .select()
        .from(admins)
        .where(sql`lower(${admins.email}) = lower(${email})`)
        .limit(1);
      return row;
    },
    async count(ex: Executor = db): Promise<number> {
      const [row] = await ex.select({ n: sql<number>`count(*)::int` }).from(admins);
      return row?.n ?? 0;
    },
    async countWithRole(role: Role, ex: Executor = db): Promise<number> {
      const [row] = await ex
        .select({ n: sql<number>`count(*)::int` })
        .from(admins)
        .where(eq(admins.role, role));
      return row?.n ?? 0;
    },
    /** Serialises changes that must see every account (the last admin rule). */
    async lockTable(ex: Executor): Promise<void> {
      await ex.execute(sql`lock table ${admins} in share row exclusive mode`);
    },
    async insert(
      values: { username: string; fullName: string; email: string; role: Role; passwordHash: string; at: Date },
      ex: Executor = db,
    ): Promise<AdminRow | undefined> {
      const { at, ...rest } = values;
      const [row] = await ex
        .insert(admins)
        .values({ ...rest, createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    async setPassword(id: number, passwordHash: string, at: Date, ex: Executor = db): Promise<AdminRow | undefined> {
      const [row] = await ex.update(admins).set({ passwordHash, updatedAt: at }).where(eq(admins.id, id)).returning();
      return row;
    },
    /** Whether any article names them as an author (their name is on public pages). */
    async isNamedOnArticles(id: number, ex: Executor = db): Promise<boolean> {
      const [row] = await ex
        .select({ id: newsAuthors.newsId })
        .from(newsAuthors)
        .where(eq(newsAuthors.adminId, id))
        .limit(1);
      return !!row;
    },
    listStaff: () =>
      db
        .select({ id: admins.id, username: admins.username, fullName: admins.fullName, role: admins.role })
        .from(admins)
        .orderBy(admins.fullName),
    async updateProfile(
      id: number,
      values: { fullName: string; bio: string; avatarUrl: string | null },
      at: Date,
      ex: Executor = db,
    ): Promise<AdminRow | undefined> {
      const [row] = await ex
        .update(admins)
        .set({ ...values, updatedAt: at })
        .where(eq(admins.id, id))
        .returning();
      return row;
    },
    async delete(id: number, ex: Executor = db): Promise<void> {
      await ex.delete(admins).where(eq(admins.id, id));
    },
  };
}
export type AdminsRepository = ReturnType<typeof adminsRepository>;
