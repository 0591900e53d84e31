/** The one piece of the media library other modules' queries read: what readers are told about an article's picture. */
import { sql, type SQL } from 'drizzle-orm';
import type { ImageInfo } from '../../../shared/schemas/media';

/**
 * The library's alt, caption, credit, source and focal point of the picture an image_url column names (`/media/<id>/…`,
 * a primary-key lookup per row), or null for an outside address or no picture.
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
    where m.id = (select substring(${typeof imageUrl === 'string' ? sql.raw(imageUrl) : imageUrl} from '^/media/([0-9a-f-]{36})/')::uuid))`;
