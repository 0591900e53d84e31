import { ExternalLink } from 'lucide-react';
import { linkCardSource } from '../../shared/live';
import { XIcon, YoutubeIcon } from './brand-icons';

/**
 * A YouTube video or an X post as a card that opens it on its own site (nothing is loaded from their servers
 * until the reader chooses to go there).
 */
export function LinkCard({ url }: { url: string }) {
  const source = linkCardSource(url);
  if (!source) return null;
  const host = new URL(url).hostname.replace(/^(www|m|mobile)\./, '');
  const video = host === 'youtube.com' || host === 'youtu.be';
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-3 flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-800 dark:hover:bg-slate-700"
      data-testid="live-link-card"
    >
      <span
        className={`flex size-10 shrink-0 items-center justify-center rounded-full text-white ${video ? 'bg-[#c4302b]' : 'bg-slate-900 dark:bg-black'}`}
      >
        {video ? <YoutubeIcon className="size-5" /> : <XIcon className="size-4" />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-bold">
          {video ? 'مشاهدة' : 'عرض'} على {source}
        </span>
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          <bdi dir="ltr">{host}</bdi>
        </span>
      </span>
      <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
      <span className="sr-only">(يفتح في نافذة جديدة)</span>
    </a>
  );
}
