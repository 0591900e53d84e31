import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUser, createAdminInput, okMessage, passwordInput } from '../../../shared/schemas/admin';
import { idParam } from '../../../shared/schemas/common';
import type { Db } from '../../db/client';
import { admins, sessions } from '../../db/schema/accounts';
import { AppError, notFound } from '../../errors';
import { actorOf } from '../../plugins/admin-guard';
import { audit } from '../audit/audit';
import { presentAdmin } from './admins.presenter';
import { hashPassword } from './passwords';

const NOT_FOUND = 'المستخدم غير موجود';
const USERNAME_TAKEN = 'اسم المستخدم مستخدم بالفعل';
const NOT_SELF = 'لا يمكنك حذف حسابك الخاص';
const LAST_ADMIN = 'لا يمكن حذف آخر مدير في النظام';
const ADMIN_ONLY = { role: 'admin' } as const;

/** Staff accounts: only admins list, add, change passwords and delete; the last admin always remains. */
export function adminsRoutes(db: Db) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/api/admin/admins', { config: ADMIN_ONLY, schema: { response: { 200: z.array(adminUser) } } }, async () =>
      (await db.select().from(admins).orderBy(asc(admins.id))).map(presentAdmin),
    );

    app.post(
      '/api/admin/admins',
      { config: ADMIN_ONLY, schema: { body: createAdminInput, response: { 201: adminUser } } },
      async (req, reply) => {
        const b = req.body;
        const passwordHash = await hashPassword(b.password);
        const row = await db.transaction(async (tx) => {
          const [taken] = await tx
            .select({ id: admins.id })
            .from(admins)
            .where(sql`lower(${admins.username}) = lower(${b.username})`);
          if (taken) throw new AppError(409, 'USERNAME_TAKEN', USERNAME_TAKEN);
          const [created] = await tx
            .insert(admins)
            .values({ username: b.username, fullName: b.fullName, email: b.email, role: b.roleName, passwordHash })
            .returning();
          await audit(tx, actorOf(req), 'create', 'admin', created!.id, { username: b.username, role: b.roleName });
          return created!;
        });
        return reply.status(201).send(presentAdmin(row));
      },
    );

    /** A new password also ends that account's sessions, except the caller's own. */
    app.put(
      '/api/admin/admins/:id/password',
      { config: ADMIN_ONLY, schema: { params: idParam, body: passwordInput, response: { 200: okMessage } } },
      async (req) => {
        const passwordHash = await hashPassword(req.body.password);
        await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(admins)
            .set({ passwordHash, updatedAt: sql`now()` })
            .where(eq(admins.id, req.params.id))
            .returning({ id: admins.id });
          if (!updated) throw notFound(NOT_FOUND, 'ADMIN_NOT_FOUND');
          if (updated.id !== actorOf(req).id) await tx.delete(sessions).where(eq(sessions.adminId, updated.id));
          await audit(tx, actorOf(req), 'update', 'admin', updated.id, { password: 'changed' });
        });
        return { message: 'تم تحديث كلمة المرور' };
      },
    );

    app.delete(
      '/api/admin/admins/:id',
      { config: ADMIN_ONLY, schema: { params: idParam, response: { 200: okMessage } } },
      async (req) => {
        if (req.params.id === actorOf(req).id) throw new AppError(409, 'CANNOT_DELETE_SELF', NOT_SELF);
        await db.transaction(async (tx) => {
          await tx.execute(sql`lock table ${admins} in share row exclusive mode`);
          const [row] = await tx.select().from(admins).where(eq(admins.id, req.params.id));
          if (!row) throw notFound(NOT_FOUND, 'ADMIN_NOT_FOUND');
          if (row.role === 'admin') {
            const [{ n } = { n: 0 }] = await tx
              .select({ n: sql<number>`count(*)::int` })
              .from(admins)
              .where(eq(admins.role, 'admin'));
            if (n <= 1) throw new AppError(409, 'LAST_ADMIN', LAST_ADMIN);
          }
          await tx.delete(admins).where(eq(admins.id, row.id));
          await audit(tx, actorOf(req), 'delete', 'admin', row.id, { username: row.username });
        });
        return { message: 'تم حذف المستخدم' };
      },
    );
  };
}
