/**
 * The audit log as the users screen reads it: who by their full name («النظام» for the scheduler), what by its name
 * now (an article's current title), or as it was called when it is gone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAdmin, as, login } from '../../test/admin-client';
import { addCategory } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let clock = Date.parse('2026-04-01T08:00:00Z');
let admin: ReturnType<typeof as>;
const article = {
  title: 'العنوان الأول',
  description: 'وصف',
  content: '<p>نص</p>',
  category: 'libya',
  imageUrl: 'https://example.ly/a.jpg',
  featured: false,
};

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  await addAdmin(t.database.db, 'khaled', 'admin');
  admin = as(t.app, (await login(t.app, 'khaled')).cookie);
});
afterAll(() => t.close());

const entries = async () => (await admin('GET', '/api/admin/audit-log')).json();

it('names the actor by full name, the system as «النظام», and an article by its current title', async () => {
  const created = (await admin('POST', '/api/admin/news', { ...article, action: 'draft' })).json();
  clock += 1000;
  await admin('PUT', `/api/admin/news/${created.id}`, {
    ...article,
    title: 'العنوان الجديد',
    action: 'schedule',
    publishAt: new Date(clock + 60_000).toISOString(),
  });
  clock += 120_000;
  await t.app.modules.newsroom.publishDue();

  const [published, scheduled, draft] = await entries();
  expect(published).toMatchObject({
    actorName: 'النظام',
    action: 'publish',
    entity: 'news',
    entityId: String(created.id),
    subject: 'العنوان الجديد',
    subjectExists: true,
  });
  expect(scheduled).toMatchObject({
    actorName: 'khaled الكامل',
    action: 'schedule',
    subject: 'العنوان الجديد',
    details: { publishAt: new Date(clock - 120_000 + 60_000).toISOString() },
  });
  // Entries written under the old title name the article as it is called now.
  expect(draft).toMatchObject({ action: 'create', subject: 'العنوان الجديد', subjectExists: true });

  clock += 1000;
  await admin('DELETE', `/api/admin/news/${created.id}`);
  const [deleted, ...rest] = await entries();
  expect(deleted).toMatchObject({ action: 'delete', subject: 'العنوان الجديد', subjectExists: false });
  expect(rest.every((e: { subjectExists: boolean }) => !e.subjectExists)).toBe(true);
});

it('keeps the name of an account that is gone, and the username of an actor deleted since', async () => {
  const made = (
    await admin('POST', '/api/admin/admins', {
      username: 'temp',
      fullName: 'حساب مؤقت',
      email: 'temp@sahifa.ly',
      password: 'temp-pass-1',
    })
  ).json();
  const temp = as(t.app, (await login(t.app, 'temp', 'temp-pass-1')).cookie);
  await temp('PUT', '/api/admin/me/profile', { fullName: 'حساب مؤقت', bio: '' });
  await admin('DELETE', `/api/admin/admins/${made.id}`);
  const log = await entries();
  expect(log[0]).toMatchObject({ action: 'delete', entity: 'admin', subject: 'حساب مؤقت', subjectExists: false });
  expect(log.find((e: { adminUsername: string }) => e.adminUsername === 'temp')).toMatchObject({ actorName: 'temp' });
});
