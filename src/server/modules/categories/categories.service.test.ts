import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAdmin } from '../../test/admin-client';
import { addNews } from '../../test/fixtures';
import { createTestModules } from '../../test/harness';
import { toSessionAdmin } from '../auth/auth.service';
import type { SessionAdmin } from '../auth/auth.service';

let t: Awaited<ReturnType<typeof createTestModules>>;
let actor: SessionAdmin;
beforeAll(async () => {
  t = await createTestModules();
  actor = toSessionAdmin(await addAdmin(t.database.db, 'sections', 'editor'));
});
afterAll(() => t.close());

const order = async () => (await t.modules.categories.listAll()).map((c) => [c.slug, c.position]);
const create = (slug: string) => t.modules.categories.create(actor, { name: slug, slug, isActive: true });

it('keeps the order dense through moves and deletes, and refuses to delete a section with news', async () => {
  for (const slug of ['a', 'b', 'c', 'd']) await create(slug);
  expect(await order()).toEqual([
    ['a', 0],
    ['b', 1],
    ['c', 2],
    ['d', 3],
  ]);
  const c = (await t.modules.categories.listAll()).find((x) => x.slug === 'c')!;
  await t.modules.categories.move(actor, { id: c.id, direction: 'up' });
  expect(await order()).toEqual([
    ['a', 0],
    ['c', 1],
    ['b', 2],
    ['d', 3],
  ]);
  const first = (await t.modules.categories.listAll())[0]!;
  await t.modules.categories.move(actor, { id: first.id, direction: 'up' }); // already first: nothing moves
  expect((await order())[0]).toEqual(['a', 0]);

  await addNews(t.database.db, { category: 'b' });
  const b = (await t.modules.categories.listAll()).find((x) => x.slug === 'b')!;
  await expect(t.modules.categories.delete(actor, b.id)).rejects.toMatchObject({ code: 'CATEGORY_HAS_NEWS' });
  await t.modules.categories.delete(actor, c.id);
  expect(await order()).toEqual([
    ['a', 0],
    ['b', 1],
    ['d', 2],
  ]);
  // Every change of a section drops the pages that show sections (all of them).
  expect(t.invalidated.every((tags) => tags.includes('sections'))).toBe(true);
});

it('answers a taken slug as a conflict for the editor, not a server fault', async () => {
  await create('taken');
  await expect(create('taken')).rejects.toMatchObject({ statusCode: 409, code: 'SLUG_TAKEN' });
});
