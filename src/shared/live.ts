/**
 * The parts of the live-coverage contract (schemas/live.ts, which re-exports them) that reader pages use at run time.
 * Kept free of zod, like cursor.ts, so the coverage's page does not load the schemas.
 */
export const LIVE_STATES = ['live', 'ended'] as const;
export type LiveState = (typeof LIVE_STATES)[number];
export const LIVE_STATE_LABELS: Record<LiveState, string> = { live: 'مباشر', ended: 'انتهت التغطية' };

/** Hosts whose links are shown as a card (a video or a post), never embedded from their servers. */
export const LINK_CARD_HOSTS: Record<string, string> = {
  'youtube.com': 'يوتيوب',
  'www.youtube.com': 'يوتيوب',
  'm.youtube.com': 'يوتيوب',
  'youtu.be': 'يوتيوب',
  'x.com': 'إكس',
  'twitter.com': 'إكس',
  'www.twitter.com': 'إكس',
  'mobile.twitter.com': 'إكس',
};
export const linkCardSource = (url: string): string | null => {
  try {
    return LINK_CARD_HOSTS[new URL(url).hostname.toLowerCase()] ?? null;
  } catch {
    return null;
  }
};
