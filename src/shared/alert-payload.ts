/**
 * The message a breaking-news alert carries (encrypted for each subscription by the server, read by the service
 * worker): small, since a push message holds at most about 4 KB.
 */
export interface AlertPayload {
  title: string;
  /** The story's summary, cut to ALERT_BODY_MAX characters. */
  body: string;
  /** The page it opens, on this site ('/news/12', '/'). */
  url: string;
  /** The topic it was sent for ('breaking' or a section's slug). */
  topic: string;
  /** The story's picture (absolute URL), shown large where the system can. */
  image?: string;
}

export const ALERT_BODY_MAX = 180;
/** The notification's tag on the device and the push service's collapse topic: a newer alert replaces an older one. */
export const ALERT_TAG = 'sahifa-alert';
