/** What leaves the server about library pictures. */
import { mediaUrl, srcSetFor } from '../../../shared/media';
import type { ImageInfo, MediaItem } from '../../../shared/schemas/media';
import type { MediaListRow, MediaMeta } from './media.repository';

export function presentMediaItem(row: MediaListRow): MediaItem {
  const url = mediaUrl(row.id, 1200);
  return {
    id: row.id,
    url,
    srcset: srcSetFor(url) ?? '',
    width: row.width,
    height: row.height,
    originalName: row.originalName,
    alt: row.alt,
    caption: row.caption,
    credit: row.credit,
    source: row.source,
    focusX: row.focusX,
    focusY: row.focusY,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy !== null && row.createdByName ? { id: row.createdBy, fullName: row.createdByName } : null,
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
    uses: row.uses,
    useCount: row.useCount,
  };
}

/** What reader surfaces show with a picture. */
export const presentImageInfo = (m: MediaMeta): ImageInfo => ({
  alt: m.alt,
  caption: m.caption,
  credit: m.credit,
  source: m.source,
  focusX: m.focusX,
  focusY: m.focusY,
});
