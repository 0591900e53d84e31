/** The article's authors (staff accounts, in byline order): chips, and a list to add another. */
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId } from 'react';
import { ROLE_LABELS } from '../../../shared/permissions';
import { staffQuery } from '../api/news';
import { Select } from './ui';

export function AuthorsField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const staff = useQuery(staffQuery());
  const byId = new Map((staff.data ?? []).map((s) => [s.id, s]));
  const rest = (staff.data ?? []).filter((s) => !value.includes(s.id));
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-bold">
        الكتّاب
      </label>
      <div
        className={`flex flex-wrap items-center gap-1.5 rounded-md border bg-white p-1.5 dark:bg-slate-950 ${error ? 'border-red-600' : 'border-slate-300 dark:border-slate-700'}`}
      >
        {value.map((a) => (
          <span
            key={a}
            className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2.5 py-1 text-sm dark:bg-slate-700"
          >
            {byId.get(a)?.fullName ?? '…'}
            <button
              type="button"
              disabled={disabled || value.length === 1}
              onClick={() => onChange(value.filter((x) => x !== a))}
              aria-label={`إزالة ${byId.get(a)?.fullName ?? ''} من الكتّاب`}
              className="rounded-full p-0.5 hover:bg-slate-300 disabled:opacity-40 dark:hover:bg-slate-600"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </span>
        ))}
        <Select
          id={id}
          className="max-w-56 border-0 shadow-none"
          value=""
          disabled={disabled || !rest.length}
          onChange={(e) => e.target.value && onChange([...value, Number(e.target.value)])}
          aria-invalid={!!error}
        >
          <option value="">إضافة كاتب…</option>
          {rest.map((s) => (
            <option key={s.id} value={s.id}>
              {s.fullName} ({ROLE_LABELS[s.role]})
            </option>
          ))}
        </Select>
      </div>
      {error && (
        <p role="alert" className="text-xs font-bold text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
