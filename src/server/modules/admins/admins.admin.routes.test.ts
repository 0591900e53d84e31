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
