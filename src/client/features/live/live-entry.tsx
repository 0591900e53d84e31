import { Check, ExternalLink, Link2, Pin } from 'lucide-react';
import { TIMINGS_MS } from '../../../shared/constants';
import { timeAgo } from '../../../shared/format';
import { linkCardSource } from '../../../shared/live';
import type { LiveEntry } from '../../../shared/schemas/live';
import { XIcon, YoutubeIcon } from '../../components/brand-icons';
import { NewsImage } from '../../components/news-image';
import { copyText } from '../../lib/clipboard';
import { useFlag } from '../../lib/hooks';
import { entryTime } from './live-format';

/** A change later than this after posting is an edit worth telling readers about. */
const EDITED_AFTER_MS = 60_000;

/**
 * A YouTube video or an X post as a card that opens it on its own site (nothing is loaded from their servers
 * until the reader chooses to go there).
 */
function LinkCard({ url }: { url: string }) {
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

/**
 * The entry's own address. Before the page is alive (and without JavaScript) a link to its anchor, which puts the
 * address in the address bar; then a button that copies it.
 */
function Permalink({
  id,
  url,
  alive,
  onCopied,
}: {
  id: number;
  url: () => string;
  alive: boolean;
  onCopied: () => void;
}) {
  const [copied, flag] = useFlag(TIMINGS_MS.copiedFlag);
  const look =
    'inline-flex min-h-8 items-center gap-1 rounded px-1.5 font-bold text-blue-800 hover:underline dark:text-blue-300';
  if (!alive)
    return (
      <a href={`#entry-${id}`} className={look}>
        <Link2 className="size-4" aria-hidden="true" /> رابط التحديث
      </a>
    );
  return (
    <button
      type="button"
      className={look}
      onClick={async () => {
        if (!(await copyText(url()))) return;
        flag();
        onCopied();
      }}
      data-testid="live-entry-copy"
    >
      {copied ? <Check className="size-4" aria-hidden="true" /> : <Link2 className="size-4" aria-hidden="true" />}
      {copied ? 'تم نسخ الرابط' : 'نسخ رابط التحديث'}
    </button>
  );
}

export interface LiveEntryViewProps {
  entry: LiveEntry;
  /** The day entries are dated against (live-format.ts). */
  refDay: string;
  /** The clock for «منذ …»; null until the page is alive (the server's HTML and the first render agree). */
  now: Date | null;
  pinned?: boolean;
  /** Just came in: highlighted for a moment. */
  fresh?: boolean;
  /** The entry's full address, for copying. */
  permalink: () => string;
  onCopied: () => void;
}

/** One entry of the stream: its time, its key event, its text, picture and link, who wrote it, its address. */
export function LiveEntryView({ entry: e, refDay, now, pinned, fresh, permalink, onCopied }: LiveEntryViewProps) {
  const edited = Date.parse(e.updatedAt) - Date.parse(e.createdAt) > EDITED_AFTER_MS;
  return (
    <article
      id={`entry-${e.id}`}
      tabIndex={-1}
      className={`live-entry ${pinned ? 'live-entry-pinned' : ''} ${e.keyEvent ? 'live-entry-key' : ''} ${fresh ? 'live-entry-new' : ''}`}
      data-testid={pinned ? 'live-pinned' : 'live-entry'}
    >
      <header className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {pinned && (
          <span className="inline-flex items-center gap-1 rounded bg-amber-100 px-2 text-xs font-bold leading-6 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
            <Pin className="size-3.5" aria-hidden="true" /> مثبّت
          </span>
        )}
        <time dateTime={e.createdAt} className="font-bold text-red-700 dark:text-red-400" suppressHydrationWarning>
          {entryTime(e.createdAt, refDay)}
        </time>
        {now && <span className="text-slate-600 dark:text-slate-300">{timeAgo(e.createdAt, now)}</span>}
        {edited && <span className="text-xs text-slate-500 dark:text-slate-400">(عُدِّل)</span>}
      </header>
      {e.keyEvent && (
        <h3 className="mb-2 text-lg font-bold leading-8">
          <span className="me-2 inline-block rounded bg-red-50 px-2 align-middle text-xs leading-6 text-red-800 dark:bg-red-950 dark:text-red-200">
            حدث بارز
          </span>
          {e.keyEvent}
        </h3>
      )}
      {/* Sanitised on the server with the article rules when it was saved. */}
      {e.body && <div className="article-body live-entry-body" dangerouslySetInnerHTML={{ __html: e.body }} />}
      {e.imageUrl && (
        <figure className="mt-3">
          <NewsImage
            src={e.imageUrl}
            alt={e.imageCaption ? '' : 'صورة مرفقة بالتحديث'}
            sizes="(min-width: 1024px) 760px, 100vw"
            className="rounded-lg"
          />
          {e.imageCaption && (
            <figcaption className="pt-1.5 text-sm leading-7 text-slate-600 dark:text-slate-300">
              {e.imageCaption}
            </figcaption>
          )}
        </figure>
      )}
      {e.embedUrl && <LinkCard url={e.embedUrl} />}
      <footer className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-300">
        <span>بقلم {e.authors.map((a) => a.fullName).join('، ')}</span>
        <Permalink id={e.id} url={permalink} alive={now !== null} onCopied={onCopied} />
      </footer>
    </article>
  );
}
