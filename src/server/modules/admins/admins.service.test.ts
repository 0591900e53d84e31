import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAdmin } from '../../test/admin-client';
import { createTestModules } from '../../test/harness';
import { toSessionAdmin } from '../auth/auth.service';

let t: Awaited<ReturnType<typeof createTestModules>>;
beforeAll(async () => {
  t = await createTestModules();
});
afterAll(() => t.close());

const sessions = async (adminId: number) =>
  (await t.database.pool.query('select count(*)::int n from sessions where admin_id = $1', [adminId])).rows[0].n;

it('keeps the last admin: nobody deletes it, and nobody deletes their own account', async () => {
  const chief = toSessionAdmin(await addAdmin(t.database.db, 'svc-chief', 'admin'));
  const editor = toSessionAdmin(await addAdmin(t.database.db, 'svc-editor', 'editor'));
  await expect(t.modules.admins.delete(chief, chief.id)).rejects.toMatchObject({ code: 'CANNOT_DELETE_SELF' });
  await expect(t.modules.admins.delete(editor, chief.id)).rejects.toMatchObject({ code: 'LAST_ADMIN' });
  const second = toSessionAdmin(await addAdmin(t.database.db, 'svc-second', 'admin'));
  await t.modules.admins.delete(second, chief.id);
  await expect(t.modules.admins.delete(second, second.id)).rejects.toMatchObject({ code: 'CANNOT_DELETE_SELF' });
  expect(t.invalidated).toEqual([]); // accounts change nothing readers see
});

it('ends the other sessions of an account whose password changes, but not the caller’s own', async () => {
  const chief = await addAdmin(t.database.db, 'pw-chief', 'admin');
  const writer = await addAdmin(t.database.db, 'pw-writer', 'editor');
  const login = async (username: string, password = 'secret-pass-1') => {
    const outcome = await t.modules.auth.login(username, password, {
      address: '10.0.0.9',
      userAgent: 'test',
      deviceToken: undefined,
    });
    if (outcome.step !== 'done') throw new Error('no second factor expected');
    return outcome;
  };
  await login('pw-writer');
  await login('pw-writer');
  const mine = await login('pw-chief');
  await login('pw-chief');
  expect(await sessions(writer.id)).toBe(2);

  await t.modules.admins.setPassword(toSessionAdmin(chief), writer.id, 'new-secret-1', mine.token);
  expect(await sessions(writer.id)).toBe(0);
  expect((await login('pw-writer', 'new-secret-1')).admin.id).toBe(writer.id);

  // Changing one's own password keeps the session it is changed from and ends the others.
  await expect(
    t.modules.admins.changeOwnPassword(toSessionAdmin(chief), 'wrong', 'another-1', mine.token, '10.0.0.9'),
  ).rejects.toMatchObject({ code: 'WRONG_PASSWORD' });
  expect(await sessions(chief.id)).toBe(2);
  await t.modules.admins.changeOwnPassword(toSessionAdmin(chief), 'secret-pass-1', 'another-1', mine.token, '10.0.0.9');
  expect(await sessions(chief.id)).toBe(1);
  expect(await t.modules.auth.authenticate(mine.token)).toBeDefined();
});
