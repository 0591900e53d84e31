import { expect, it } from 'vitest';
import { publicationsOf } from './publications';

it('finds what became public in a write’s audit records, and nothing else', () => {
  const news = (action: string, details: object, id = 7) =>
    ({ action, entity: 'news', entityId: id, details }) as never;
  expect(publicationsOf([news('create', { title: 'ع', status: 'published' })])).toEqual([
    { kind: 'article', id: 7, title: 'ع' },
  ]);
  expect(publicationsOf([news('create', { title: 'ع', status: 'draft' })])).toEqual([]);
  expect(publicationsOf([news('publish', { title: 'ع', from: 'review', to: 'published' })])).toHaveLength(1);
  expect(publicationsOf([news('publish', { title: 'ع', from: 'unpublished', to: 'published' })])).toHaveLength(1);
  // The scheduler's pass: no from/to.
  expect(publicationsOf([news('publish', { title: 'ع', scheduledFor: '2026-01-01T00:00:00Z' })])).toHaveLength(1);
  // A save of a published article, a schedule, an unpublish.
  expect(publicationsOf([news('update', { title: 'ع', from: 'published', to: 'published' })])).toEqual([]);
  expect(publicationsOf([news('schedule', { title: 'ع', from: 'draft', to: 'scheduled' })])).toEqual([]);
  expect(publicationsOf([news('unpublish', { title: 'ع', from: 'published', to: 'unpublished' })])).toEqual([]);
  // A restore that publishes: two records, one publication.
  expect(
    publicationsOf([
      news('restore', { title: 'ع', from: 'draft', to: 'published', revision: 3 }),
      news('publish', { title: 'ع', from: 'draft', to: 'published' }),
    ]),
  ).toHaveLength(1);
  const breaking = (details: object) => ({ action: 'create', entity: 'breaking_news', entityId: 3, details }) as never;
  expect(publicationsOf([breaking({ title: 'عاجل', isActive: true, newsId: 7 })])).toEqual([
    { kind: 'breaking', id: 3, title: 'عاجل', newsId: 7 },
  ]);
  expect(publicationsOf([breaking({ title: 'عاجل', isActive: false, newsId: null })])).toEqual([]);
  expect(
    publicationsOf([{ action: 'update', entity: 'breaking_news', entityId: 3, details: { isActive: true } }]),
  ).toEqual([]);
});
