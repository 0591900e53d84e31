import { Check, Link2, Pin } from 'lucide-react';
import { TIMINGS_MS } from '../../../shared/constants';
import { timeAgo } from '../../../shared/format';
import type { LiveEntry } from '../../../shared/schemas/live';
import { LinkCard } from '../../components/link-card';
import { NewsImage } from '../../components/news-image';
import { copyText } from '../../lib/clipboard';
import { useFlag } from '../../lib/hooks';
import { entryTime } from './live-format';

/** A change later than this after posting is an edit worth telling readers about. */
const EDITED_AFTER_MS = 60_000;

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

/** «بقلم …» with the names the entry credits (none when it credits nobody, e.g. a deleted account's entry). */
const byline = (authors: LiveEntry['authors']) => {
  const names = authors.map((a) => a.fullName.trim()).filter(Boolean);
  return names.length ? `بقلم ${names.join('، ')}` : '';
};

/** One entry of the stream: its time, its key event, its text, picture and link, who wrote it, its address. */
export function LiveEntryView({ entry: e, refDay, now, pinned, fresh, permalink, onCopied }: LiveEntryViewProps) {
  const edited = Date.parse(e.updatedAt) - Date.parse(e.createdAt) > EDITED_AFTER_MS;
  return (
    <article
      id={`entry-${e.id}`}
      tabIndex={-1}
      // On a phone, an entry is laid out only when scrolled near (`.lazy-entry` in styles.css): a
      // coverage of hundreds of entries does not shape all their text in the page's first layout. The pinned one is
      // at the top, on the first screen.
      className={`live-entry ${pinned ? 'live-entry-pinned' : 'lazy-entry'} ${e.keyEvent ? 'live-entry-key' : ''} ${fresh ? 'live-entry-new' : ''}`}
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
        <span>{byline(e.authors)}</span>
        <Permalink id={e.id} url={permalink} alive={now !== null} onCopied={onCopied} />
      </footer>
    </article>
  );
}
