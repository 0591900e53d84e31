/** Sharing a ticker headline; the article page's share actions are with its buttons (components/share-buttons.tsx). */
import { copyText } from './clipboard';

/**
 * A ticker headline: the system share sheet where there is one (a reader who closes it has chosen not to share),
 * else the text and site address copied. Resolves to what to tell the reader.
 */
export async function shareHeadline(title: string): Promise<string | undefined> {
  const url = window.location.origin + '/';
  if (navigator.share) {
    try {
      await navigator.share({ title, text: title, url });
      return undefined;
    } catch (e) {
      if ((e as Error).name === 'AbortError') return undefined;
      /* not allowed here: fall back to copying */
    }
  }
  return (await copyText(`${title} — ${url}`)) ? 'تم نسخ الخبر' : 'تعذر النسخ';
}
