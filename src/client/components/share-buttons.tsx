import { Check, Copy, MessageCircle, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FacebookIcon, XIcon } from './brand-icons';
import { TIMINGS_MS } from '../../shared/constants';
import { useFlag } from '../lib/hooks';
import { copyLink, copyPreviewLink, shareNatively, shareToFacebook, shareToX } from '../lib/share';

/**
 * SPEC's share actions. On a phone they are one row of round icon buttons (each with its Arabic name for screen
 * readers and as a tooltip), so the article's picture stays on the first screen, plus the phone's own share sheet
 * where the browser has one; from tablet width up each button shows its name.
 */
const button =
  'inline-flex size-9 items-center justify-center gap-1.5 rounded-full text-sm font-bold text-white transition hover:opacity-90 sm:size-auto sm:rounded sm:px-3 sm:py-1.5';
const label = 'sr-only sm:not-sr-only';

export function ShareButtons({ title, url }: { title: string; url: string }) {
  const [linkCopied, flagLink] = useFlag(TIMINGS_MS.copiedFlag);
  const [previewCopied, flagPreview] = useFlag(TIMINGS_MS.copiedFlag);
  // Known only in the browser, after hydration (the server's HTML has no share-sheet button).
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="مشاركة الخبر" role="group">
      {canShare && (
        <button
          type="button"
          className={`${button} bg-blue-900 sm:hidden`}
          onClick={() => void shareNatively(title, url)}
          title="مشاركة"
          data-testid="share-native"
        >
          <Share2 className="size-4" aria-hidden="true" />
          <span className="sr-only">مشاركة عبر تطبيقات الهاتف</span>
        </button>
      )}
      <button type="button" className={`${button} bg-[#0866ff]`} onClick={() => shareToFacebook(url)} title="فيسبوك">
        <FacebookIcon className="size-4" /> <span className={label}>فيسبوك</span>
      </button>
      <button
        type="button"
        className={`${button} bg-slate-900 dark:bg-slate-700`}
        onClick={() => shareToX(title, url)}
        title="إكس"
      >
        <XIcon className="size-4" /> <span className={label}>إكس</span>
      </button>
      <button
        type="button"
        className={`${button} bg-[#0e7a3e]`}
        title="واتساب"
        onClick={async () => {
          if (await copyPreviewLink(url)) flagPreview();
        }}
      >
        {previewCopied ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <MessageCircle className="size-4" aria-hidden="true" />
        )}
        <span className={label}>{previewCopied ? 'تم نسخ رابط المعاينة' : 'واتساب'}</span>
      </button>
      <button
        type="button"
        className={`${button} bg-slate-600`}
        title="نسخ الرابط"
        onClick={async () => {
          if (await copyLink(url)) flagLink();
        }}
        data-testid="copy-link"
      >
        {linkCopied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
        <span className={label}>{linkCopied ? 'تم نسخ الرابط' : 'نسخ الرابط'}</span>
      </button>
      <span aria-live="polite" className="sr-only">
        {linkCopied ? 'تم نسخ الرابط' : previewCopied ? 'تم نسخ رابط المعاينة' : ''}
      </span>
    </div>
  );
}
