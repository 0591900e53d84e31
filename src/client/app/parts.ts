/**
 * Parts that one feature's page shows from another, each in its own chunk (lib/lazy-part.tsx): features do not
 * import each other, so the app puts them together here.
 */
import { lazyPart } from '../lib/lazy-part';
import type { LiveStreamProps } from '../features/live/live-stream';

/** A live coverage's stream on its article's page; its code is loaded only for an article that is coverage. */
export const LiveStream = lazyPart<LiveStreamProps, typeof import('../features/live/live-stream')>(
  () => import('../features/live/live-stream'),
  'LiveStream',
);
