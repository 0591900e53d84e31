/** The admin panel's small building blocks: buttons, fields, switch, modal, lists (table or cards), pager. */
import { ArrowRight, ChevronLeft, ChevronRight, Pencil, Trash2 } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useSyncExternalStore,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'wouter';
import type { PageInfo } from '../../../shared/schemas/common';
import { formatNumber } from '../../../shared/format';

type Variant = 'primary' | 'secondary' | 'danger' | 'danger-outline' | 'ghost';
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-blue-900 text-white hover:bg-blue-800',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white hover:bg-red-600',
  'danger-outline':
    'border border-red-300 bg-white text-red-800 hover:bg-red-50 dark:border-red-800 dark:bg-slate-900 dark:text-red-200 dark:hover:bg-red-950',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
};

/** A button's look, for a link that acts as one (it opens another screen). */
export const buttonClass = (variant: Variant = 'primary', className = '') =>
  `inline-flex min-h-9 items-center justify-center gap-1.5 rounded-md px-3 py-2 text-sm font-bold transition disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${className}`;

export function Button({
  variant = 'primary',
  className = '',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type="button" className={buttonClass(variant, className)} {...rest} />;
}

/** A labelled field; its error (Arabic, from the shared schema) shows under it and goes once it is fixed. */
export function Field({
  label,
  id,
  hint,
  error,
  children,
}: {
  label: string;
  id: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-bold">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-bold text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes that tie an input to its field's hint and error. */
export const described = (id: string, error?: string, hint?: boolean) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
});

export const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900 disabled:opacity-60';

export function Input(props: InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> }) {
  return <input className={inputClass} {...props} />;
}

export function Textarea(
  props: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> },
) {
  return <textarea className={inputClass} {...props} />;
}

export function Select(props: SelectHTMLAttributes<HTMLSelectElement> & { ref?: React.Ref<HTMLSelectElement> }) {
  return <select className={inputClass} {...props} />;
}

export function Switch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition disabled:opacity-50 ${checked ? 'bg-green-600' : 'bg-slate-300 dark:bg-slate-600'}`}
    >
      <span
        className={`inline-block size-5 rounded-full bg-white shadow transition ${checked ? '-translate-x-5' : '-translate-x-0.5'}`}
      />
    </button>
  );
}

export function LabeledSwitch({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <Switch checked={checked} onChange={onChange} label={label} />
      <span className="text-sm">{label}</span>
    </div>
  );
}

/** The dialogs open now, the top one last (a library picker opened from the article editor sits above it). */
const openDialogs: HTMLElement[] = [];

/**
 * A modal dialog. Everything behind it is made inert (focus and clicks stay inside; Escape closes it), a dialog it
 * was opened from included. It is not the native top layer, so toasts (and any error they carry) show above it.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  wide,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (!open) return;
    const root = document.getElementById('root');
    const before = document.activeElement as HTMLElement | null;
    const self = box.current!.parentElement!;
    const below = openDialogs.at(-1);
    openDialogs.push(self);
    root?.setAttribute('inert', '');
    below?.setAttribute('inert', '');
    const first = box.current?.querySelector<HTMLElement>(
      'input:not([type=hidden]), select, textarea, [contenteditable=true], button, a[href]',
    );
    (first ?? box.current)?.focus();
    // Only the top dialog answers Escape.
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && openDialogs.at(-1) === self && onCloseRef.current();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(self), 1);
      if (below) below.removeAttribute('inert');
      else root?.removeAttribute('inert');
      before?.focus?.();
    };
  }, [open]);
  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-3" dir="rtl">
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`max-h-[calc(100dvh-1.5rem)] w-full overflow-y-auto rounded-lg bg-white p-5 text-slate-900 shadow-xl outline-none dark:bg-slate-900 dark:text-slate-100 ${wide ? 'max-w-5xl' : 'max-w-lg'}`}
      >
        <h2 id={titleId} className="mb-4 text-xl font-bold">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** An error that belongs to the whole form, shown inside it (never only in a toast behind the dialog). */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded border border-red-200 bg-red-50 p-2 text-sm font-bold text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      {message}
    </p>
  );
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={`rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      {children}
    </div>
  );
}

const wideQuery = '(min-width: 1024px)';
const subscribeWide = (cb: () => void) => {
  const m = window.matchMedia(wideQuery);
  m.addEventListener('change', cb);
  return () => m.removeEventListener('change', cb);
};

/** True on screens wide enough for a table (1024 px and up, where the side menu also fits). */
export const useWideScreen = () =>
  useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(wideQuery).matches,
    () => true,
  );

export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  className?: string;
  /** false: left out of the card on small screens (the card's title already shows it). */
  card?: boolean;
}

/**
 * A list of records: a table on wide screens, a card per record on phones and tablets (titles in full, actions in
 * reach). The card shows the same columns, each with its header as a label.
 */
export function DataList<T>({
  items,
  columns,
  keyOf,
  testId,
  title,
  actions,
  highlight,
}: {
  items: T[];
  columns: Column<T>[];
  keyOf: (item: T) => string | number;
  testId?: (item: T) => string;
  /** The card's heading on small screens. */
  title: (item: T) => ReactNode;
  actions?: (item: T) => ReactNode;
  highlight?: (item: T) => boolean;
}) {
  const wide = useWideScreen();
  if (!wide)
    return (
      <ul className="space-y-3">
        {items.map((item) => (
          <li
            key={keyOf(item)}
            data-testid={testId?.(item)}
            className={`rounded-lg border bg-white p-3 shadow-sm dark:bg-slate-900 ${highlight?.(item) ? 'border-blue-700 ring-2 ring-blue-700/30' : 'border-slate-200 dark:border-slate-800'}`}
          >
            <div className="mb-2 font-bold leading-7">{title(item)}</div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {columns
                .filter((c) => c.card !== false)
                .map((c) => (
                  <div key={c.header} className="contents">
                    <dt className="text-slate-600 dark:text-slate-400">{c.header}</dt>
                    <dd className="min-w-0">{c.cell(item)}</dd>
                  </div>
                ))}
            </dl>
            {actions && (
              <div className="mt-2 flex flex-wrap justify-end gap-1 border-t border-slate-200 pt-2 dark:border-slate-800">
                {actions(item)}
              </div>
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-sm [&_td]:px-2.5 [&_td]:py-2 [&_th]:bg-slate-50 [&_th]:px-2.5 [&_th]:py-2 [&_th]:text-start [&_th]:font-bold dark:[&_th]:bg-slate-800 [&_tr]:border-b [&_tr]:border-slate-100 dark:[&_tr]:border-slate-800">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
            {actions && <th scope="col">إجراءات</th>}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={keyOf(item)}
              data-testid={testId?.(item)}
              className={highlight?.(item) ? 'bg-blue-50 dark:bg-blue-950' : undefined}
              aria-current={highlight?.(item) ? 'date' : undefined}
            >
              {columns.map((c) => (
                <td key={c.header} className={c.className}>
                  {c.cell(item)}
                </td>
              ))}
              {actions && <td>{actions(item)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Where a page sits in a long list, with the previous and next pages. */
export function Pager({ info, onPage, busy }: { info: PageInfo; onPage: (page: number) => void; busy?: boolean }) {
  const pages = Math.max(1, Math.ceil(info.total / info.pageSize));
  const last = info.exact ? pages : Number.POSITIVE_INFINITY;
  if (info.page === 1 && pages <= 1) return null;
  return (
    <nav aria-label="التنقل بين الصفحات" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <Button variant="secondary" disabled={busy || info.page <= 1} onClick={() => onPage(info.page - 1)}>
        <ChevronRight className="size-4" aria-hidden="true" /> السابق
      </Button>
      <p aria-live="polite">
        الصفحة {formatNumber(info.page)} من {info.exact ? formatNumber(pages) : `أكثر من ${formatNumber(pages)}`}
        <span className="text-slate-600 dark:text-slate-400">
          {' '}
          ({info.exact ? '' : 'أكثر من '}
          {formatNumber(info.total)} سجل)
        </span>
      </p>
      <Button variant="secondary" disabled={busy || info.page >= last} onClick={() => onPage(info.page + 1)}>
        التالي <ChevronLeft className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}

export function Empty({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
      <p className="mb-3 text-slate-600 dark:text-slate-300">{text}</p>
      {action}
    </div>
  );
}

export function Loading({ text = 'جاري التحميل...' }: { text?: string }) {
  return (
    <p role="status" className="p-6 text-center text-slate-600 dark:text-slate-300">
      {text}
    </p>
  );
}

/** Cancel and save at the foot of a dialog's form; save shows the saving message while it runs. */
export function FormActions({
  onCancel,
  saving,
  children,
}: {
  onCancel: () => void;
  saving: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        إلغاء
      </Button>
      {children ?? (
        <Button type="submit" disabled={saving}>
          {saving ? 'جاري الحفظ...' : 'حفظ'}
        </Button>
      )}
    </div>
  );
}

/** A record's edit and delete buttons; delete asks SPEC §5's confirmation first. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  confirmText,
  children,
}: {
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  confirmText: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-nowrap gap-1">
      {children}
      {onEdit && (
        <Button variant="ghost" onClick={onEdit} aria-label={`تعديل: ${name}`}>
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
      )}
      {onDelete && (
        <Button variant="ghost" onClick={() => window.confirm(confirmText) && onDelete()} aria-label={`حذف: ${name}`}>
          <Trash2 className="size-4 text-red-700 dark:text-red-400" aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

export function BackToDashboard() {
  return (
    <Link
      to="/admin/dashboard"
      className="inline-flex min-h-9 items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-bold dark:border-slate-700"
    >
      <ArrowRight className="size-4" aria-hidden="true" /> العودة للوحة التحكم
    </Link>
  );
}
