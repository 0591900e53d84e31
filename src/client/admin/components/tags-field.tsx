/**
 * Tags (وسوم) typed freely: Enter, a comma or picking a suggestion adds one; the server creates new ones and matches
 * existing ones whatever their alef or ta marbuta. Suggestions come from the tags already used.
 */
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { TAG_NAME_MAX, TAGS_MAX } from '../../../shared/schemas/admin';
import { normalizeArabic } from '../../../shared/arabic';
import { tagSuggestionsQuery } from '../api/news';
import { inputClass } from './ui';

const fold = (s: string) => normalizeArabic(s.trim().toLowerCase());

export function TagsField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const typed = useDeferredValue(text.trim());
  const suggestions = useQuery({ ...tagSuggestionsQuery(typed), enabled: !disabled });
  const listId = `${id}-suggestions`;
  const add = (raw: string) => {
    const name = raw.replace(/\s+/g, ' ').trim().slice(0, TAG_NAME_MAX);
    if (name && value.length < TAGS_MAX && !value.some((t) => fold(t) === fold(name))) onChange([...value, name]);
    setText('');
  };
  const offered = (suggestions.data ?? []).filter((s) => !value.some((t) => fold(t) === fold(s.name))).slice(0, 8);

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-bold">
        الوسوم
      </label>
      <div
        className={`flex flex-wrap items-center gap-1.5 rounded-md border bg-white p-1.5 dark:bg-slate-950 ${error ? 'border-red-600' : 'border-slate-300 dark:border-slate-700'}`}
      >
        {value.map((t) => (
          <span
            key={t}
            className="inline-flex items-center gap-1 rounded-full bg-blue-100 px-2.5 py-0.5 text-sm text-blue-950 dark:bg-blue-900 dark:text-blue-50"
          >
            <bdi>{t}</bdi>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onChange(value.filter((x) => x !== t))}
              aria-label={`إزالة الوسم ${t}`}
              className="rounded-full p-0.5 hover:bg-blue-200 dark:hover:bg-blue-800"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </span>
        ))}
        <input
          id={id}
          value={text}
          disabled={disabled || value.length >= TAGS_MAX}
          onChange={(e) => {
            const v = e.target.value;
            if (/[,،]/.test(v)) v.split(/[,،]/).slice(0, -1).forEach(add);
            else setText(v);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add(text);
            } else if (e.key === 'Backspace' && !text && value.length) onChange(value.slice(0, -1));
          }}
          onBlur={() => text.trim() && add(text)}
          list={listId}
          placeholder={value.length ? '' : 'اكتب وسماً ثم اضغط Enter'}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          aria-invalid={!!error}
          className={`${inputClass} min-w-40 flex-1 border-0 bg-transparent p-1 shadow-none focus:ring-0 dark:bg-transparent`}
        />
        <datalist id={listId}>
          {offered.map((s) => (
            <option key={s.id} value={s.name} />
          ))}
        </datalist>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-bold text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          حتى {TAGS_MAX} وسماً؛ تُقترح الوسوم المستعملة من قبل أثناء الكتابة.
        </p>
      )}
    </div>
  );
}
