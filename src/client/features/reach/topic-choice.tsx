import type { PushTopic } from '../../../shared/schemas/push';

/** The topics a reader can have alerts about, as checkboxes (breaking news first, then the sections). */
export function TopicChoice(props: {
  topics: PushTopic[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  disabled?: boolean;
  className?: string;
}) {
  const toggle = (slug: string, on: boolean) =>
    props.onChange(on ? [...props.chosen, slug] : props.chosen.filter((s) => s !== slug));
  return (
    <fieldset className={props.className} disabled={props.disabled}>
      <legend className="sr-only">مواضيع التنبيهات</legend>
      <ul className="flex flex-wrap gap-2">
        {props.topics.map((t) => (
          <li key={t.slug}>
            <label className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm font-bold has-[:checked]:border-blue-800 has-[:checked]:bg-blue-50 dark:border-slate-600 dark:has-[:checked]:border-blue-400 dark:has-[:checked]:bg-blue-950">
              <input
                type="checkbox"
                className="size-4 accent-blue-800"
                checked={props.chosen.includes(t.slug)}
                onChange={(e) => toggle(t.slug, e.target.checked)}
              />
              {t.name}
            </label>
          </li>
        ))}
      </ul>
      {props.chosen.length === 0 && (
        <p className="mt-2 text-sm text-red-800 dark:text-red-300">اختر موضوعاً واحداً على الأقل.</p>
      )}
    </fieldset>
  );
}
