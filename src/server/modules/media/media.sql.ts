/** The one piece of the media library other modules' queries read: what readers are told about an article's picture. */
import { sql, type SQL } from 'drizzle-orm';
import type { ImageInfo } from '../../../shared/schemas/media';

const column = (imageUrl: SQL | string): SQL => (typeof imageUrl === 'string' ? sql.raw(imageUrl) : imageUrl);

/**
 * The library id an image address names (`/media/<id>/…`), or null for an outside address, no picture, or an id that
 * is not a well-formed UUID (the article form accepts any 36 of [0-9a-f-], and a cast that failed would fail the
 * whole list it is in).
 *
 * Plain string functions, not a regular expression: PostgreSQL's regex engine took 28 µs a row for
 * `^/media/([0-9a-f-]{36})/` (its bounded repeat), which on a front page of a hundred cards was about 3 ms of the
 * database's CPU per render; these checks take about 2 µs. The shape (8-4-4-4-12, dashes only there, 32 hex digits)
 * is what uuid's input function takes without complaint.
 */
export const mediaIdSql = (imageUrl: SQL | string): SQL<string | null> => {
  const url = column(imageUrl);
  const id = sql`split_part(${url}, '/', 3)`;
  return sql<string | null>`case when starts_with(${url}, '/media/')
      and ${id} like '________-____-____-____-____________'
      and length(replace(${id}, '-', '')) = 32
      and ltrim(replace(${id}, '-', ''), '0123456789abcdef') = ''
    then ${id}::uuid end`;
};

/**
 * The library's alt, caption, credit, source and focal point of the picture an image_url column names (a primary-key
 * lookup per row), or null for an outside address or no picture.
 *
 * The id is read from the address in a sub-select of its own, which PostgreSQL evaluates once per article (an
 * InitPlan) and compares as a value. Written inline in the condition, it was evaluated again for every media row
 * whenever the planner scanned a small library instead of using its key (as it does once statistics say the table is
 * small): 60 articles × 60 images took 168 ms of the database's CPU instead of 4.5 ms, and rendered pages with it.
 */
export const imageInfoSql = (imageUrl: SQL | string): SQL<ImageInfo | null> =>
  sql<ImageInfo | null>`(select json_build_object('alt', m.alt, 'caption', m.caption, 'credit', m.credit,
      'source', m.source, 'focusX', m.focus_x, 'focusY', m.focus_y)
    from media m
    where m.id = (select ${mediaIdSql(imageUrl)}))`;
