import type { NewsListItem } from '../../../shared/schemas/news';
import { HeadlineRow } from '../../components/headline-row';

/**
 * The latest headlines beside the lead (under it on a phone): a thumbnail, the headline on at most three lines,
 * its section and how long ago. Compact, so that a phone's first screen holds the lead and several of these.
 */
export function HeadlineList({ items, now }: { items: NewsListItem[]; now: Date | null }) {
  return (
    <section
      aria-labelledby="top-headlines-heading"
      className="rounded-lg border border-slate-200 bg-white px-3 pb-1 pt-2 shadow-sm lg:h-full dark:border-slate-800 dark:bg-slate-900"
      data-testid="top-headlines"
    >
      <h2 id="top-headlines-heading" className="border-s-4 border-red-700 ps-2 text-base font-bold leading-8">
        آخر الأخبار
      </h2>
      <ol className="divide-y divide-slate-100 dark:divide-slate-800">
        {items.map((n) => (
          <HeadlineRow
            key={n.id}
            item={n}
            now={now}
            thumb="w-24 lg:w-20"
            titleClass="text-[0.95rem] leading-6 lg:line-clamp-2 lg:text-sm"
            className="py-2 lg:py-1.5"
            before={
              <span className="inline-flex items-center gap-1 font-bold">
                <span className="size-2 rounded-full" style={{ backgroundColor: n.categoryColor }} aria-hidden="true" />
                {n.categoryName}
              </span>
            }
          />
        ))}
      </ol>
    </section>
  );
}
