/** Removing second factors when the policy requires one: two removals at once never leave an account with none. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admins, passkeys } from '../../db/schema/accounts';
import { addAdmin } from '../../test/admin-client';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';
import { toSessionAdmin } from '../auth/auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: testConfig({ STAFF_2FA_ROLES: 'editor' }) });
});
afterAll(() => t.close());

it('decides two removals at once one after the other, so a required account keeps a factor', async () => {
  const { db } = t.database;
  const row = await addAdmin(db, 'two-factors', 'editor');
  await db.update(admins).set({ totpSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(admins.id, row.id));
  await db
    .insert(passkeys)
    .values({ adminId: row.id, credentialId: 'cred-two', publicKey: new Uint8Array([1]), name: 'هاتفي' });
  const actor = toSessionAdmin(row);
  const { mfa } = t.app.modules;

  // The first removal has checked that a factor remains and waits before committing; the second starts meanwhile.
  let removedApp!: () => void;
  const appRemoved = new Promise<void>((r) => (removedApp = r));
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const first = db.transaction(async (tx) => {
    await mfa.removeFactor(actor, tx, async () => {
      await tx.update(admins).set({ totpSecret: null }).where(eq(admins.id, row.id));
    });
    removedApp();
    await gate;
  });
  await appRemoved;
  const second = db.transaction((tx) =>
    mfa.removeFactor(actor, tx, async () => {
      await tx.delete(passkeys).where(eq(passkeys.adminId, row.id));
    }),
  );
  // The second may only go on once the first has committed (it waits on the account's row); let the first commit
  // when the second has settled or after a while, whichever is first.
  await Promise.race([
    second.then(
      () => {},
      () => {},
    ),
    new Promise((r) => setTimeout(r, 300)),
  ]);
  release();
  await first;
  await expect(second).rejects.toMatchObject({ code: 'POLICY_REQUIRES_SECOND_FACTOR' });
  expect(await mfa.factorsOf(row.id)).toMatchObject({ totp: false, passkeys: 1 });
});
