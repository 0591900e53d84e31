import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addAdmin, as, login } from '../../test/admin-client';

let t: TestApp;
let call: ReturnType<typeof as>;
let chiefId: number;
beforeAll(async () => {
  t = await createTestApp();
  chiefId = (await addAdmin(t.database.db, 'chief', 'admin')).id;
  call = as(t.app, (await login(t.app, 'chief')).cookie);
});
afterAll(() => t.close());

it('adds an editor who can then sign in, changes a password, and never lists a hash', async () => {
  const created = await call('POST', '/api/admin/admins', {
    username: 'amina',
    fullName: 'أمينة',
    email: 'amina@sahifa.ly',
    password: 'amina-pass',
    roleName: 'editor',
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({ username: 'amina', role: 'editor' });
  const list = (await call('GET', '/api/admin/admins')).json();
  expect(list.map((a: { username: string }) => a.username)).toEqual(['chief', 'amina']);
  expect(JSON.stringify(list)).not.toContain('argon2');
  const editor = await login(t.app, 'amina', 'amina-pass');
  expect(editor.res.statusCode).toBe(200);

  expect(
    (await call('PUT', `/api/admin/admins/${created.json().id}/password`, { password: 'new-pass-22' })).json(),
  ).toEqual({ message: 'تم تحديث كلمة المرور' });
  expect((await as(t.app, editor.cookie)('GET', '/api/admin/session')).statusCode).toBe(401); // old sessions end
  expect((await login(t.app, 'amina', 'new-pass-22')).res.statusCode).toBe(200);
  expect(
    (await call('PUT', `/api/admin/admins/${created.json().id}/password`, { password: '   ' })).json().message,
  ).toBe('يرجى إدخال كلمة مرور صالحة');
});

it('refuses a taken username, bad fields, deleting yourself and deleting the last admin', async () => {
  expect(
    (
      await call('POST', '/api/admin/admins', {
        username: 'CHIEF',
        fullName: 'x',
        email: 'x@sahifa.ly',
        password: 'secret-1',
        roleName: 'admin',
      })
    ).statusCode,
  ).toBe(409);
  expect(
    (
      await call('POST', '/api/admin/admins', {
        username: 'bob',
        fullName: '',
        email: 'b@sahifa.ly',
        password: 'secret-1',
      })
    ).json().message,
  ).toBe('جميع الحقول مطلوبة');
  expect(
    (
      await call('POST', '/api/admin/admins', { username: 'bob', fullName: 'بوب', email: 'nope', password: 'secret-1' })
    ).json().message,
  ).toBe('البريد الإلكتروني غير صالح');
  const self = await call('DELETE', `/api/admin/admins/${chiefId}`);
  expect(self.statusCode).toBe(409);
  expect(self.json().message).toBe('لا يمكنك حذف حسابك الخاص');

  const second = (
    await call('POST', '/api/admin/admins', {
      username: 'deputy',
      fullName: 'نائب',
      email: 'd@sahifa.ly',
      password: 'deputy-pass',
      roleName: 'admin',
    })
  ).json();
  const deputy = as(t.app, (await login(t.app, 'deputy', 'deputy-pass')).cookie);
  expect((await deputy('DELETE', `/api/admin/admins/${chiefId}`)).statusCode).toBe(200);
  const last = await deputy('DELETE', `/api/admin/admins/${second.id}`);
  expect(last.statusCode).toBe(409); // deleting yourself, who is also the last admin
  const amina = (await deputy('GET', '/api/admin/admins'))
    .json()
    .find((a: { username: string }) => a.username === 'amina');
  expect((await deputy('DELETE', `/api/admin/admins/${amina.id}`)).statusCode).toBe(200);
  const audit = await deputy('GET', '/api/admin/audit-log');
  expect(
    audit.json().some((e: { action: string; entity: string }) => e.action === 'delete' && e.entity === 'admin'),
  ).toBe(true);
});

it('refuses a second account with an e-mail already used, whatever its case, on the e-mail field (409)', async () => {
  const admin = as(t.app, (await login(t.app, 'deputy', 'deputy-pass')).cookie);
  const first = await admin('POST', '/api/admin/admins', {
    username: 'salem',
    fullName: 'سالم',
    email: 'Salem@Sahifa.ly',
    password: 'salem-pass',
    roleName: 'writer',
  });
  expect(first.statusCode).toBe(201);
  const again = await admin('POST', '/api/admin/admins', {
    username: 'salem2',
    fullName: 'سالم الثاني',
    email: ' salem@SAHIFA.LY ',
    password: 'salem-pass',
    roleName: 'writer',
  });
  expect(again.statusCode).toBe(409);
  expect(again.json()).toMatchObject({
    code: 'EMAIL_TAKEN',
    message: 'هذا البريد الإلكتروني مسجّل لحساب آخر',
    details: [{ path: 'email', message: 'هذا البريد الإلكتروني مسجّل لحساب آخر' }],
  });
  // Two admins adding the same person at once: one account.
  const [a, b] = await Promise.all(
    ['huda', 'huda2'].map((username) =>
      admin('POST', '/api/admin/admins', {
        username,
        fullName: 'هدى',
        email: 'huda@sahifa.ly',
        password: 'huda-pass-1',
        roleName: 'writer',
      }),
    ),
  );
  expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
  expect([a!, b!].find((r) => r.statusCode === 409)!.json().code).toBe('EMAIL_TAKEN');
  await expect(
    t.database.pool.query(
      "insert into admins (username, full_name, email, password_hash) values ('x1', 'x', 'HUDA@sahifa.ly', 'x')",
    ),
  ).rejects.toMatchObject({ code: '23505', constraint: 'admins_email_key' });
});

it('makes a new account a writer when no role is chosen (least privilege)', async () => {
  const admin = as(t.app, (await login(t.app, 'deputy', 'deputy-pass')).cookie);
  const created = await admin('POST', '/api/admin/admins', {
    username: 'newcomer',
    fullName: 'وافد جديد',
    email: 'newcomer@sahifa.ly',
    password: 'newcomer-pass',
  });
  expect(created.statusCode).toBe(201);
  expect(created.json().role).toBe('writer');
});
