/**
 * Parts that one feature's page shows from another, each in its own chunk (lib/lazy-part.tsx): features do not
 * import each other, so the app puts them together here.
 */
import { createElement } from 'react';
import { lazyPart } from '../lib/lazy-part';
import { useAdPlacement } from '../components/ads/ad-placement';
import type { LiveStreamProps } from '../features/live/live-stream';
import type { ShareButtonsProps } from '../components/share-buttons';
import type { ArticleNotesProps } from '../features/news/article-notes';
import type { AdSlotProps } from '../components/ads/ad-slot';
import type { ArticleSidebarProps } from '../features/news/article-sidebar';

/** A live coverage's stream on its article's page; its code is loaded only for an article that is coverage. */
export const LiveStream = lazyPart<LiveStreamProps, typeof import('../features/live/live-stream')>(
  () => import('../features/live/live-stream'),
  'LiveStream',
);

/**
 * The article's share buttons: rendered whole by the server, alive as soon as their chunk arrives after the page's
 * own (they are not needed to read, and kept the article's first load within its budget when WhatsApp and Telegram
 * joined them).
 */
export const ShareButtons = lazyPart<ShareButtonsProps, typeof import('../components/share-buttons')>(
  () => import('../components/share-buttons'),
  'ShareButtons',
);

/**
 * Corrections, clarifications and updates on an article: rendered whole by the server; their code comes only with an
 * article that has notes.
 */
export const ArticleNotes = lazyPart<ArticleNotesProps, typeof import('../features/news/article-notes')>(
  () => import('../features/news/article-notes'),
  'ArticleNotes',
);

/**
 * An ad box (components/ads/ad-slot.tsx), the phone's bottom bar included: drawn whole by the server at its fixed
 * size, alive once its chunk arrives (after the page's own code: nothing of advertising is in any page's first load).
 */
const AdSlotPart = lazyPart<AdSlotProps, typeof import('../components/ads/ad-slot')>(
  () => import('../components/ads/ad-slot'),
  'AdSlot',
);
/** Only a placement that is on makes a part (and its boundary) at all. */
export function AdSlot(props: AdSlotProps) {
  return useAdPlacement(props.placement) ? createElement(AdSlotPart, props) : null;
}

/**
 * Beside an article on a desktop, after it on a phone: its section's latest, the most read and an ad box. Drawn whole
 * by the server (its data is in the page), alive once its chunk arrives and the reader has it in view (on a phone,
 * after the article: an island that costs nothing to a reader who reads and leaves): not needed to read the article,
 * and out of its first load (which the ad boxes would otherwise have taken past its budget). Its box is the grid's
 * column beside the article.
 */
export const ArticleSidebar = lazyPart<ArticleSidebarProps, typeof import('../features/news/article-sidebar')>(
  () => import('../features/news/article-sidebar'),
  'ArticleSidebar',
  { whenVisible: true, className: 'min-w-0' },
);
