/**
 * Parts that one feature's page shows from another, each in its own chunk (lib/lazy-part.tsx): features do not
 * import each other, so the app puts them together here.
 */
import { lazyPart } from '../lib/lazy-part';
import type { LiveStreamProps } from '../features/live/live-stream';
import type { ShareButtonsProps } from '../components/share-buttons';
import type { ArticleNotesProps } from '../features/news/article-notes';

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
