/**
 * The response serializer: nullable values written as type lists (no Ajv to pick a branch), and answers that carry the
 * declared fields only, nulls and all, as the API's readers receive them.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newsArticle, newsListItem } from '../../shared/schemas/news';
import { nullableTypes, serializerCompiler } from './serializer';

const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
const serializer = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (data: unknown) => string;

const card = {
  id: 7,
  title: 'فيضانات في درنة',
  description: 'وصف',
  category: 'libya',
  categoryName: 'ليبيا',
  categoryColor: '#0f766e',
  imageUrl: '/media/a/800.webp',
  image_url: '/media/a/800.webp',
  featured: false,
  views: 12,
  publishedAt: '2026-11-29T08:00:00.000Z',
  published_at: '2026-11-29T08:00:00.000Z',
  createdAt: '2026-11-29T07:00:00.000Z',
  live: false,
  imageInfo: { alt: 'شارع غمرته المياه', caption: 'درنة', credit: 'رويترز', source: '', focusX: 40, focusY: null },
};

describe('nullableTypes', () => {
  it('writes a nullable object and a nullable bounded integer as type lists', () => {
    const schema = nullableTypes(
      toJson(z.object({ at: z.number().int().nullable(), box: z.object({ a: z.string() }).nullable() })),
    );
    expect(JSON.stringify(schema)).not.toContain('anyOf');
    const props = (schema as { properties: Record<string, { type: unknown }> }).properties;
    expect(props.at!.type).toEqual(['integer', 'null']);
    expect(props.box!.type).toEqual(['object', 'null']);
    // An article and a list of cards need no branch picking at all.
    expect(JSON.stringify(nullableTypes(toJson(z.array(newsListItem))))).not.toContain('anyOf');
    expect(JSON.stringify(nullableTypes(toJson(newsArticle)))).not.toContain('anyOf');
  });

  it('leaves a real union alone', () => {
    const schema = nullableTypes(
      toJson(z.object({ v: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) })),
    );
    expect(JSON.stringify(schema)).toContain('anyOf');
  });
});

describe('serializerCompiler', () => {
  it('writes the declared fields only, nulls kept, pictures present or not', () => {
    const write = serializer(z.array(newsListItem));
    const withExtra = { ...card, password: 'x', imageInfo: { ...card.imageInfo, gps: '32.9,13.1' } };
    const data = [withExtra, { ...card, imageInfo: null, imageUrl: null, image_url: null }];
    const expected = [card, { ...card, imageInfo: null, imageUrl: null, image_url: null }];
    expect(JSON.parse(write(data))).toEqual(expected);
    // Field order and values exactly as JSON.stringify writes the declared object.
    expect(write([card])).toBe(JSON.stringify([card]));
  });

  it('still serialises a union', () => {
    const write = serializer(z.object({ v: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) }));
    expect(write({ v: { b: 3 } })).toBe('{"v":{"b":3}}');
    expect(write({ v: { a: 'ثلاثة' } })).toBe('{"v":{"a":"ثلاثة"}}');
  });
});
