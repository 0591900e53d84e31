/** The admin panel's small building blocks: buttons, fields, switch, modal, table shell, page header. */
import { ArrowRight, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { useEffect, useRef, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-blue-900 text-white hover:bg-blue-800',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white hover:bg-red-600',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
};

export function Button({
  variant = 'primary',
  className = '',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type="button"
      className={`inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-2 text-sm font-bold transition disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${className}`}
      {...rest}
    />
  );
}

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
      {hint && <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p>}
      {error && (
        <p role="alert" className="text-xs font-bold text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 disabled:opacity-60';

export function Input(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={inputClass} {...props} />;
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

/** A modal dialog on the native <dialog>: focus stays inside, Escape closes it. */
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
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="modal-title"
      className={`m-auto w-[calc(100%-1.5rem)] rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/50 dark:bg-slate-900 dark:text-slate-100 ${wide ? 'max-w-4xl' : 'max-w-lg'}`}
    >
      {open && (
        <div className="max-h-[90vh] overflow-y-auto p-5">
          <h2 id="modal-title" className="mb-4 text-xl font-bold">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
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

export function TableShell({ children }: { children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full min-w-[640px] text-sm [&_td]:px-3 [&_td]:py-2 [&_th]:bg-slate-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-start [&_th]:font-bold dark:[&_th]:bg-slate-800 [&_tr]:border-b [&_tr]:border-slate-100 dark:[&_tr]:border-slate-800">
        {children}
      </table>
    </div>
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
export function FormActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        إلغاء
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? 'جاري الحفظ...' : 'حفظ'}
      </Button>
    </div>
  );
}

/** A table row's edit and delete buttons; delete asks SPEC §5's confirmation first. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  confirmText,
  children,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  confirmText: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex gap-1">
      {children}
      <Button variant="ghost" onClick={onEdit} aria-label={`تعديل: ${name}`}>
        <Pencil className="size-4" aria-hidden="true" />
      </Button>
      <Button variant="ghost" onClick={() => window.confirm(confirmText) && onDelete()} aria-label={`حذف: ${name}`}>
        <Trash2 className="size-4 text-red-700" aria-hidden="true" />
      </Button>
    </div>
  );
}

export function BackToDashboard() {
  return (
    <Link
      to="/admin/dashboard"
      className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-bold dark:border-slate-700"
    >
      <ArrowRight className="size-4" aria-hidden="true" /> العودة للوحة التحكم
    </Link>
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
