/** Share actions of the article page (SPEC §2). Social endpoints are the networks' public share URLs. */
import { copyText } from './clipboard';

const VIA_HANDLE = 'sahifa_ly';
const HASHTAGS = ['ليبيا', 'أخبار'];

/** The page URL with a refresh parameter, so networks fetch a fresh preview. */
export function withRefresh(url: string): string {
  const u = new URL(url);
  u.searchParams.set('v', String(Date.now()));
  return u.toString();
}

function popup(url: string) {
  window.open(url, 'share', 'width=600,height=400,noopener,noreferrer');
}

export function shareToFacebook(pageUrl: string) {
  popup(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(withRefresh(pageUrl))}`);
}

export function shareToX(title: string, pageUrl: string) {
  const params = new URLSearchParams({ text: title, url: pageUrl, hashtags: HASHTAGS.join(','), via: VIA_HANDLE });
  window.open(`https://twitter.com/intent/tweet?${params}`, '_blank', 'noopener,noreferrer');
}

/** The messaging-app button: copies a preview link with a refresh parameter. */
export const copyPreviewLink = (pageUrl: string) => copyText(withRefresh(pageUrl));
export const copyLink = (pageUrl: string) => copyText(pageUrl);

/** The phone's own share sheet for an article; false when there is none or the reader closed it. */
export async function shareNatively(title: string, pageUrl: string): Promise<boolean> {
  if (!navigator.share) return false;
  try {
    await navigator.share({ title, text: title, url: pageUrl });
    return true;
  } catch {
    return false; // closed by the reader (AbortError) or not allowed here
  }
}

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
