/**
 * An article's history: every save that changed its text, newest first (who, when, why); a side-by-side word diff of
 * a chosen revision against the text in the editor now (lib/text-diff.ts: Arabic words, the body's HTML as its
 * readable text); and restore, which loads the revision into the editor for review: nothing changes for readers
 * until the editor saves it (the save then keeps a revision marked as a restore).
 */
import { useQuery } from '@tanstack/react-query';
import { History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import type { NewsRevision } from '../../../shared/schemas/admin';
import { revisionQuery, revisionsQuery } from '../api/news';
import { compareWords, htmlText, type DiffPiece } from '../lib/text-diff';
import { Button, FormAlert, Loading } from './ui';

const REASONS: Record<string, string> = {
  save: 'حفظ',
  draft: 'حفظ كمسودة',
  review: 'إرسال للمراجعة',
  publish: 'نشر',
  schedule: 'جدولة',
  unpublish: 'إلغاء النشر',
  restore: 'استعادة نسخة',
  correction: 'تصحيح للقراء',
  clarification: 'توضيح للقراء',
  update: 'تحديث للقراء',
  'remove-correction': 'إزالة تصحيح',
  'remove-clarification': 'إزالة توضيح',
  'remove-update': 'إزالة تحديث',
};

export interface CurrentText {
  title: string;
  description: string;
  content: string;
  byline: string;
}

function DiffColumn({ pieces, label }: { pieces: DiffPiece[]; label: string }) {
  return (
    <p className="whitespace-pre-wrap leading-8" aria-label={label}>
      {pieces.map((p, i) =>
        p.kind === 'added' ? (
          <ins
            key={i}
            className="rounded bg-green-200 px-0.5 text-green-950 no-underline dark:bg-green-900 dark:text-green-50"
          >
            {p.text}
          </ins>
        ) : p.kind === 'removed' ? (
          <del
            key={i}
            className="rounded bg-red-200 px-0.5 text-red-950 decoration-red-700/60 dark:bg-red-900 dark:text-red-50"
          >
            {p.text}
          </del>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}

function SideBySide({ revision, current }: { revision: NewsRevision; current: CurrentText }) {
  const fields: [string, string, string][] = [
    ['العنوان', revision.title, current.title],
    ['الوصف', revision.description, current.description],
    ['سطر التوقيع', revision.byline, current.byline],
    ['النص', htmlText(revision.content), htmlText(current.content)],
  ];
  return (
    <div className="space-y-4" data-testid="revision-diff">
      <div className="grid grid-cols-2 gap-3 text-xs font-bold text-slate-600 dark:text-slate-300">
        <p>
          النسخة {revision.version} — {formatDateTime(revision.createdAt)}
        </p>
        <p>النص الحالي في المحرر</p>
      </div>
      {fields.map(([label, before, after]) => {
        if (before === after && label !== 'النص') return null;
        const d = compareWords(before, after);
        return (
          <section key={label} className="space-y-1" data-testid={`diff-${label}`}>
            <h4 className="text-sm font-bold">{label}</h4>
            <div className="grid grid-cols-2 gap-3 rounded border border-slate-200 p-2 text-sm dark:border-slate-700">
              <DiffColumn pieces={d.before} label={`${label} في النسخة ${revision.version}`} />
              <DiffColumn pieces={d.after} label={`${label} في المحرر`} />
            </div>
          </section>
        );
      })}
    </div>
  );
}

export function RevisionsPanel({
  newsId,
  current,
  canRestore,
  onRestore,
}: {
  newsId: number;
  current: CurrentText;
  canRestore: boolean;
  /** Loads the revision into the editor (nothing is saved). */
  onRestore: (revision: NewsRevision) => void;
}) {
  const list = useQuery(revisionsQuery(newsId));
  const [chosen, setChosen] = useState<number | null>(null);
  const revision = useQuery({ ...revisionQuery(newsId, chosen ?? 0), enabled: chosen !== null });

  if (list.isLoading) return <Loading />;
  if (list.isError) return <FormAlert message="تعذّر تحميل سجل النسخ" />;
  const items = list.data?.items ?? [];
  return (
    <div className="grid gap-4 lg:grid-cols-[16rem_1fr]" data-testid="revisions">
      <ol className="max-h-96 space-y-1 overflow-y-auto" aria-label="النسخ">
        {items.map((r, i) => (
          <li key={r.id}>
            <button
              type="button"
              onClick={() => setChosen(r.id)}
              aria-pressed={chosen === r.id}
              className={`w-full rounded border p-2 text-start text-sm ${chosen === r.id ? 'border-blue-700 bg-blue-50 dark:bg-blue-950' : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800'}`}
            >
              <span className="flex items-center gap-1 font-bold">
                <History className="size-4 shrink-0" aria-hidden="true" />
                {REASONS[r.reason] ?? r.reason}
                {i === 0 && <span className="text-xs font-normal text-slate-500"> (الأحدث)</span>}
              </span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {r.adminName} · {formatDateTime(r.createdAt)}
              </span>
              <span className="line-clamp-1 block text-xs">{r.title}</span>
              {r.note && <span className="line-clamp-2 block text-xs italic">«{r.note}»</span>}
            </button>
          </li>
        ))}
      </ol>
      <div className="min-w-0">
        {chosen === null ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">اختر نسخة لمقارنتها بالنص الحالي.</p>
        ) : revision.isLoading ? (
          <Loading />
        ) : revision.data ? (
          <div className="space-y-3">
            <SideBySide revision={revision.data} current={current} />
            {canRestore && (
              <div className="flex flex-wrap items-center gap-2">
                <Button variant="secondary" onClick={() => onRestore(revision.data)}>
                  <RotateCcw className="size-4" aria-hidden="true" /> استعادة هذه النسخة
                </Button>
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  تُحمَّل في المحرر لتراجعها؛ لا يتغير شيء قبل أن تحفظ.
                </span>
              </div>
            )}
          </div>
        ) : (
          <FormAlert message="تعذّر تحميل النسخة" />
        )}
      </div>
    </div>
  );
}
