/**
 * Notes told to readers on an article (as Newspack shows them): a correction above the text, where a reader who read
 * the story before sees it first; clarifications and updates below it. Each says what it is and when.
 */
import { Link } from 'wouter';
import { formatDateTime } from '../../../shared/format';
import { NOTE_KIND_LABELS } from '../../../shared/notes';
import type { ReaderNote } from '../../../shared/schemas/corrections';

const TONE: Record<ReaderNote['kind'], string> = {
  correction: 'border-red-700 bg-red-50 dark:border-red-400 dark:bg-red-950/40',
  clarification: 'border-amber-600 bg-amber-50 dark:border-amber-400 dark:bg-amber-950/40',
  update: 'border-blue-800 bg-blue-50 dark:border-blue-400 dark:bg-blue-950/40',
};

export interface ArticleNotesProps {
  notes: ReaderNote[];
  place: 'above' | 'below';
}

export function ArticleNotes({ notes, place }: ArticleNotesProps) {
  const shown = notes.filter((n) => (place === 'above') === (n.kind === 'correction'));
  if (!shown.length) return null;
  return (
    <div className={`space-y-3 ${place === 'above' ? 'mb-6' : 'mt-8'}`} data-testid={`article-notes-${place}`}>
      {shown.map((n) => (
        <div
          key={n.id}
          role="note"
          aria-label={NOTE_KIND_LABELS[n.kind]}
          className={`rounded-md border-s-4 p-3 text-base leading-8 ${TONE[n.kind]}`}
          data-testid={`article-note-${n.kind}`}
        >
          <p className="text-sm">
            <strong>{NOTE_KIND_LABELS[n.kind]}</strong>{' '}
            <time dateTime={n.createdAt} className="text-slate-700 dark:text-slate-300">
              {formatDateTime(n.createdAt)}
            </time>
          </p>
          <p className="whitespace-pre-line [overflow-wrap:anywhere]">{n.text}</p>
        </div>
      ))}
      {place === 'above' && (
        <p className="text-sm">
          <Link to="/corrections" className="text-blue-800 underline dark:text-blue-300">
            كل التصحيحات
          </Link>
        </p>
      )}
    </div>
  );
}
