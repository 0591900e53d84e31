/** Sessions a staff member can see and end: idle timeout, their own list, and a password change ending the rest. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addAdmin, as, login } from '../../test/admin-client';

let t: TestApp;
let clock = new Date('2026-05-01T08:00:00Z').getTime();
const HOUR = 3_600_000;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  await addAdmin(t.database.db, 'desk', 'editor');
  await addAdmin(t.database.db, 'other', 'editor');
});
afterAll(() => t.close());

it('ends a session left unused for 12 hours, while one in use lasts its 7 days', async () => {
  const idle = await login(t.app, 'desk');
  const busy = await login(t.app, 'desk');
  for (let h = 0; h < 20; h++) {
    clock += HOUR;
    expect((await as(t.app, busy.cookie)('GET', '/api/admin/session')).statusCode).toBe(200);
  }
  expect((await as(t.app, idle.cookie)('GET', '/api/admin/session')).statusCode).toBe(401);
});

it('lists only your own sessions, marks this one, and ends another of yours but never someone else’s', async () => {
  const laptop = await login(t.app, 'desk');
  const phone = await login(t.app, 'desk');
  const theirs = await login(t.app, 'other');
  const mine = as(t.app, laptop.cookie);
  const list = (await mine('GET', '/api/admin/me/sessions')).json() as { id: number; current: boolean }[];
  expect(list.filter((s) => s.current)).toHaveLength(1);
  expect(list.length).toBeGreaterThanOrEqual(2);
  const theirList = (await as(t.app, theirs.cookie)('GET', '/api/admin/me/sessions')).json() as { id: number }[];
  // Someone else's session: not found for me, and still working for them.
  const refused = await mine('DELETE', `/api/admin/me/sessions/${theirList[0]!.id}`);
  expect(refused.statusCode).toBe(404);
  expect(refused.json().message).toBe('الجلسة غير موجودة أو انتهت');
  expect((await as(t.app, theirs.cookie)('GET', '/api/admin/session')).statusCode).toBe(200);
  // My phone's session: ended.
  const phoneId = (
    (await as(t.app, phone.cookie)('GET', '/api/admin/me/sessions')).json() as { id: number; current: boolean }[]
  ).find((s) => s.current)!.id;
  expect((await mine('DELETE', `/api/admin/me/sessions/${phoneId}`)).statusCode).toBe(200);
  expect((await as(t.app, phone.cookie)('GET', '/api/admin/session')).statusCode).toBe(401);
  expect((await mine('GET', '/api/admin/session')).statusCode).toBe(200);
});

it('ends your other sessions when you change your own password, keeping the one you changed it from', async () => {
  const here = await login(t.app, 'other');
  const elsewhere = await login(t.app, 'other');
  const res = await as(t.app, here.cookie)('PUT', '/api/admin/me/password', {
    currentPassword: 'secret-pass-1',
    password: 'a-new-secret-2',
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((await as(t.app, here.cookie)('GET', '/api/admin/session')).statusCode).toBe(200);
  expect((await as(t.app, elsewhere.cookie)('GET', '/api/admin/session')).statusCode).toBe(401);
});
