/** The one piece of the media library other modules' queries read: what readers are told about an article's picture. */
import { sql, type SQL } from 'drizzle-orm';
import type { ImageInfo } from '../../../shared/schemas/media';

/**
 * The library's alt, caption, credit, source and focal point of the picture an image_url column names (`/media/<id>/…`,
 * a primary-key lookup per row), or null for an outside address or no picture.
 */
export const imageInfoSql = (imageUrl: SQL | string): SQL<ImageInfo | null> =>
  sql<ImageInfo | null>`(select json_build_object('alt', m.alt, 'caption', m.caption, 'credit', m.credit,
      'source', m.source, 'focusX', m.focus_x, 'focusY', m.focus_y)
    from media m
    where m.id = substring(${typeof imageUrl === 'string' ? sql.raw(imageUrl) : imageUrl} from '^/media/([0-9a-f-]{36})/')::uuid)`;
