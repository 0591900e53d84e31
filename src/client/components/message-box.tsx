import type { ReactNode } from 'react';

/** Empty and error states: a short Arabic message, an optional hint and action. */
export function MessageBox({
  title,
  hint,
  tone = 'neutral',
  children,
}: {
  title: ReactNode;
  hint?: string;
  tone?: 'neutral' | 'error';
  children?: ReactNode;
}) {
  const toneClass =
    tone === 'error'
      ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100'
      : 'border-slate-200 bg-white text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border p-6 text-center ${toneClass}`}>
      <p className="font-bold">{title}</p>
      {hint && <p className="mt-1 text-sm opacity-80">{hint}</p>}
      {children}
    </div>
  );
}
