import { Check, Copy, MessageCircle } from 'lucide-react';
import { FacebookIcon, XIcon } from './brand-icons';
import { TIMINGS_MS } from '../../shared/constants';
import { useFlag } from '../lib/hooks';
import { copyLink, copyPreviewLink, shareToFacebook, shareToX } from '../lib/share';

const button =
  'inline-flex items-center gap-1.5 rounded px-3 py-1.5 text-sm font-bold text-white transition hover:opacity-90';

export function ShareButtons({ title, url }: { title: string; url: string }) {
  const [linkCopied, flagLink] = useFlag(TIMINGS_MS.copiedFlag);
  const [previewCopied, flagPreview] = useFlag(TIMINGS_MS.copiedFlag);
  return (
    <div className="flex flex-wrap gap-2" aria-label="مشاركة الخبر" role="group">
      <button type="button" className={`${button} bg-[#0866ff]`} onClick={() => shareToFacebook(url)}>
        <FacebookIcon className="size-4" /> فيسبوك
      </button>
      <button type="button" className={`${button} bg-slate-900 dark:bg-slate-700`} onClick={() => shareToX(title, url)}>
        <XIcon className="size-4" /> إكس
      </button>
      <button
        type="button"
        className={`${button} bg-[#0e7a3e]`}
        onClick={async () => {
          if (await copyPreviewLink(url)) flagPreview();
        }}
      >
        {previewCopied ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <MessageCircle className="size-4" aria-hidden="true" />
        )}
        {previewCopied ? 'تم نسخ رابط المعاينة' : 'واتساب'}
      </button>
      <button
        type="button"
        className={`${button} bg-slate-600`}
        onClick={async () => {
          if (await copyLink(url)) flagLink();
        }}
        data-testid="copy-link"
      >
        {linkCopied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
        {linkCopied ? 'تم نسخ الرابط' : 'نسخ الرابط'}
      </button>
      <span aria-live="polite" className="sr-only">
        {linkCopied ? 'تم نسخ الرابط' : previewCopied ? 'تم نسخ رابط المعاينة' : ''}
      </span>
    </div>
  );
}
