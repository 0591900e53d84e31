/** Alerts by Web Push: the constants the reader's pages, the service worker and the server share (no zod here). */
/** The topic of breaking-news alerts; every other topic is a section's slug. */
export const PUSH_BREAKING_TOPIC = 'breaking';
export const PUSH_BREAKING_LABEL = 'الأخبار العاجلة';
/** The soft ask waits this long after «ليس الآن» before asking again. */
export const PUSH_ASK_AGAIN_DAYS = 30;
/** … and appears from the reader's second article. */
export const PUSH_ASK_AFTER_ARTICLES = 2;
/** Where the browser remembers the reader's answer to it ({ dismissedAt } or { done: true }). */
export const PUSH_ASK_STORAGE_KEY = 'sahifa:push-ask';
