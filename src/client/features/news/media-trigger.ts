/**
 * The article body's listeners for its videos and galleries: as small as can be, in every article page's first load
 * (two functions, no state); what they do lives in article-media.ts and gallery-viewer.tsx, fetched only when a reader
 * presses a video or a gallery picture, or a moment before: when the pointer or the keyboard's focus reaches one.
 */
import type { FocusEvent, MouseEvent, PointerEvent } from 'react';

const loadMedia = () => import('./article-media');

/** A press on a video's poster or a gallery's picture (a plain click: a new tab still opens the link). */
export function onMediaClick(e: MouseEvent<HTMLElement>) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const link = (e.target as Element).closest<HTMLAnchorElement>('a[data-youtube], a.gallery-open');
  if (!link) return;
  e.preventDefault();
  void loadMedia().then((m) => m.activate(link));
}

/** The pointer or the focus reached something in the body: a video or a gallery has its code fetched ahead. */
export function onMediaNear(e: PointerEvent<HTMLElement> | FocusEvent<HTMLElement>) {
  const block = (e.target as Element).closest?.('[data-gallery-block], .video-facade');
  if (block) void loadMedia().then((m) => m.ahead(block));
}
