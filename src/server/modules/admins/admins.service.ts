/**
 * Staff accounts: only admins list, add, change passwords and delete (the routes' permission); the rules here:
 * usernames and e-mail addresses are unique whatever their letter case (one person, one account), nobody deletes their own account, the last admin remains, and
 * a new password ends that account's other sessions.
 */
import type { PageQuery } from '../../../shared/schemas/common';
import type { CreateAdminInput, ProfileInput } from '../../../shared/schemas/admin';
import type { Page } from '../../lib/paging';
import { pageOf } from '../../lib/paging';
import type { Writer } from '../../lib/write';
import type { AuthRepository } from '../auth/auth.repository';
import type { SessionAdmin } from '../auth/auth.service';
import { adminsErrors } from './admins.errors';
import type { AdminRow, AdminsRepository } from './admins.repository';
import { hashPassword } from './passwords';

export function adminsService(deps: {
  repo: AdminsRepository;
  auth: AuthRepository;
  /** A signed-in staff member's own password, checked under the sign-in throttle (auth.service). */
  checkPassword: (actor: SessionAdmin, password: string, address: string) => Promise<boolean>;
  /** Lifts the sign-in locks on an account by its name. */
  unlock: (username: string) => Promise<void>;
  write: Writer;
  now: () => Date;
}) {
  const { repo, auth, write, now } = deps;
  return {
    async page(q: PageQuery): Promise<Page<AdminRow>> {
      const { rows, ...count } = await repo.page(q);
      return pageOf(rows, q, count);
    },

    async create(actor: SessionAdmin, input: CreateAdminInput): Promise<AdminRow> {
      const passwordHash = await hashPassword(input.password);
      return write(actor, async (tx) => {
        if (await repo.findByUsername(input.username, tx)) throw adminsErrors.usernameTaken();
        if (await repo.findByEmail(input.email, tx)) throw adminsErrors.emailTaken();
        const created = await repo.insert(
          {
            username: input.username,
            fullName: input.fullName,
            email: input.email,
            role: input.roleName,
            passwordHash,
            at: now(),
          },
          tx,
        );
        if (!created) {
          // Taken at the same moment by another request (committed by now, so this statement sees it).
          if (await repo.findByEmail(input.email, tx)) throw adminsErrors.emailTaken();
          throw adminsErrors.usernameTaken();
        }
        return {
          value: created,
          audit: {
            action: 'create',
            entity: 'admin',
            entityId: created.id,
            details: { username: created.username, fullName: created.fullName, role: created.role },
          },
          tags: [],
        };
      });
    },

    /** A new password ends the account's sessions, except the caller's own (`keepToken`), and lifts its locks. */
    async setPassword(actor: SessionAdmin, id: number, password: string, keepToken: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const username = await write(actor, async (tx) => {
        const updated = await repo.setPassword(id, passwordHash, now(), tx);
        if (!updated) throw adminsErrors.notFound();
        await auth.deleteSessionsOf(updated.id, updated.id === actor.id ? keepToken : undefined, tx);
        return {
          value: updated.username,
          audit: { action: 'update', entity: 'admin', entityId: updated.id, details: { password: 'changed' } },
          tags: [],
        };
      });
      await deps.unlock(username);
    },

    /** Any staff member's own password: the current one must be right; their other sessions end. */
    async changeOwnPassword(
      actor: SessionAdmin,
      current: string,
      password: string,
      keepToken: string,
      address: string,
    ): Promise<void> {
      if (!(await deps.checkPassword(actor, current, address))) throw adminsErrors.wrongPassword();
      const passwordHash = await hashPassword(password);
      await write(actor, async (tx) => {
        await repo.setPassword(actor.id, passwordHash, now(), tx);
        await auth.deleteSessionsOf(actor.id, keepToken, tx);
        return {
          value: undefined,
          audit: { action: 'update', entity: 'admin', entityId: actor.id, details: { password: 'changed by owner' } },
          tags: [],
        };
      });
    },

    /** Everyone who can be named as an author (the editor's picker): a short list, never paged. */
    staff: () => repo.listStaff(),

    /** One's own public profile; the name and avatar show on bylines and the author page at once. */
    updateProfile: (actor: SessionAdmin, input: ProfileInput): Promise<AdminRow> =>
      write(actor, async (tx) => {
        const row = await repo.updateProfile(actor.id, input, now(), tx);
        if (!row) throw adminsErrors.notFound();
        return {
          value: row,
          audit: { action: 'update', entity: 'admin', entityId: actor.id, details: { profile: 'changed by owner' } },
          tags: (await repo.isNamedOnArticles(actor.id, tx)) ? ['archive', 'news'] : [],
        };
      }),

    async delete(actor: SessionAdmin, id: number): Promise<void> {
      if (id === actor.id) throw adminsErrors.cannotDeleteSelf();
      await write(actor, async (tx) => {
        await repo.lockTable(tx);
        const row = await repo.findById(id, tx);
        if (!row) throw adminsErrors.notFound();
        if (row.role === 'admin' && (await repo.countWithRole('admin', tx)) <= 1) throw adminsErrors.lastAdmin();
        const named = await repo.isNamedOnArticles(row.id, tx);
        await repo.delete(row.id, tx);
        return {
          value: undefined,
          audit: {
            action: 'delete',
            entity: 'admin',
            entityId: row.id,
            details: { username: row.username, fullName: row.fullName },
          },
          // Their name leaves the bylines and their author page goes.
          tags: named ? ['archive', 'news'] : [],
        };
      });
    },
  };
}
export type AdminsService = ReturnType<typeof adminsService>;
