import { Check, Copy, Share2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { FacebookIcon, TelegramIcon, WhatsAppIcon, XIcon } from './brand-icons';
import { TIMINGS_MS } from '../../shared/constants';
import { useFlag } from '../lib/hooks';
import { copyText } from '../lib/clipboard';

/* The networks' and apps' public share addresses (SPEC §2), kept with the buttons: only the article page loads them. */
const VIA_HANDLE = 'sahifa_ly';
const HASHTAGS = ['ليبيا', 'أخبار'];

/** The page URL with a refresh parameter, so networks fetch a fresh preview. */
function withRefresh(url: string): string {
  const u = new URL(url);
  u.searchParams.set('v', String(Date.now()));
  return u.toString();
}

function popup(url: string) {
  window.open(url, 'share', 'width=600,height=400,noopener,noreferrer');
}

function shareToFacebook(pageUrl: string) {
  popup(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(withRefresh(pageUrl))}`);
}

function shareToX(title: string, pageUrl: string) {
  const params = new URLSearchParams({ text: title, url: pageUrl, hashtags: HASHTAGS.join(','), via: VIA_HANDLE });
  window.open(`https://twitter.com/intent/tweet?${params}`, '_blank', 'noopener,noreferrer');
}

/**
 * Messaging apps, by their public share addresses (no script of theirs on our pages): WhatsApp opens its app on a
 * phone, or WhatsApp Web, with the title and the link; Telegram its chooser of chats. Both fetch the page's preview
 * from its Open Graph tags.
 */
function shareToWhatsApp(title: string, pageUrl: string) {
  window.open(`https://wa.me/?text=${encodeURIComponent(`${title}\n${pageUrl}`)}`, '_blank', 'noopener,noreferrer');
}

function shareToTelegram(title: string, pageUrl: string) {
  const params = new URLSearchParams({ url: pageUrl, text: title });
  window.open(`https://t.me/share/url?${params}`, '_blank', 'noopener,noreferrer');
}

/** The phone's own share sheet for an article; false when there is none or the reader closed it. */
async function shareNatively(title: string, pageUrl: string): Promise<boolean> {
  if (!navigator.share) return false;
  try {
    await navigator.share({ title, text: title, url: pageUrl });
    return true;
  } catch {
    return false; // closed by the reader (AbortError) or not allowed here
  }
}

/**
 * Sharing an article: WhatsApp, Telegram, Facebook, X (each by its public share address: no script of theirs on our
 * pages), copying the link («تم النسخ» for two seconds, said to screen readers too), and the phone's own share sheet
 * where the browser has one (`navigator.share`). On a phone they are one row of round icon buttons, each named in
 * Arabic for screen readers and as a tooltip, so the article's picture stays on the first screen; from tablet width
 * up each button shows its name.
 */
const button =
  'inline-flex size-9 items-center justify-center gap-1.5 rounded-full text-sm font-bold text-white transition hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 sm:size-auto sm:rounded sm:px-3 sm:py-1.5';
const label = 'sr-only sm:not-sr-only';

function ShareButton(props: {
  name: string;
  /** What a screen reader says and the tooltip shows; it holds the visible name (WCAG's label in name). */
  spoken: string;
  colour: string;
  icon: ReactNode;
  onClick: () => void;
  testId?: string;
  /** The name shown (a confirmation) instead of `name`. */
  shown?: string;
}) {
  return (
    <button
      type="button"
      className={`${button} ${props.colour}`}
      onClick={props.onClick}
      title={props.spoken}
      aria-label={props.shown ?? props.spoken}
      data-testid={props.testId}
    >
      {props.icon}
      <span className={label}>{props.shown ?? props.name}</span>
    </button>
  );
}

export interface ShareButtonsProps {
  title: string;
  url: string;
}

export function ShareButtons({ title, url }: ShareButtonsProps) {
  const [copied, flagCopied] = useFlag(TIMINGS_MS.copiedFlag);
  // Known only in the browser, after hydration (the server's HTML has no share-sheet button).
  const [canShare, setCanShare] = useState<boolean>();
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);
  const icon = 'size-4';
  return (
    // data-ready: alive (the buttons are a lazy part that comes alive after the page: app/parts.ts).
    <div
      className="flex flex-wrap items-center gap-2"
      aria-label="مشاركة الخبر"
      role="group"
      data-ready={canShare === undefined ? undefined : ''}
    >
      {canShare && (
        <ShareButton
          name="مشاركة"
          spoken="مشاركة عبر تطبيقات الهاتف"
          colour="bg-blue-900"
          icon={<Share2 className={icon} aria-hidden="true" />}
          onClick={() => void shareNatively(title, url)}
          testId="share-native"
        />
      )}
      <ShareButton
        name="واتساب"
        spoken="مشاركة عبر واتساب"
        colour="bg-[#0e7a3e]"
        icon={<WhatsAppIcon className={icon} />}
        onClick={() => shareToWhatsApp(title, url)}
        testId="share-whatsapp"
      />
      <ShareButton
        name="تيليغرام"
        spoken="مشاركة عبر تيليغرام"
        colour="bg-[#1a7db0]"
        icon={<TelegramIcon className={icon} />}
        onClick={() => shareToTelegram(title, url)}
        testId="share-telegram"
      />
      <ShareButton
        name="فيسبوك"
        spoken="مشاركة على فيسبوك"
        colour="bg-[#0866ff]"
        icon={<FacebookIcon className={icon} />}
        onClick={() => shareToFacebook(url)}
        testId="share-facebook"
      />
      <ShareButton
        name="إكس"
        spoken="مشاركة على إكس"
        colour="bg-slate-900 dark:bg-slate-700"
        icon={<XIcon className={icon} />}
        onClick={() => shareToX(title, url)}
        testId="share-x"
      />
      <ShareButton
        name="نسخ الرابط"
        spoken="نسخ الرابط"
        colour="bg-slate-600"
        icon={copied ? <Check className={icon} aria-hidden="true" /> : <Copy className={icon} aria-hidden="true" />}
        onClick={async () => {
          if (await copyText(url)) flagCopied();
        }}
        testId="copy-link"
        shown={copied ? 'تم النسخ' : undefined}
      />
      <span aria-live="polite" className="sr-only">
        {copied ? 'تم النسخ' : ''}
      </span>
    </div>
  );
}
