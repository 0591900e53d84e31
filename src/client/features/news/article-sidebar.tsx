import { useQuery } from '@tanstack/react-query';
import type { NewsArticle } from '../../../shared/schemas/news';
import { AdSlot } from '../../app/parts';
import { MostRead } from '../../components/most-read';
import { HeadlineRow, MoreLink } from '../../components/headline-row';
import { useNow } from '../../lib/hooks';
import { findQueryOptions } from '../../lib/query-client';
import { q } from '../../lib/queries';

const SECTION_LATEST = 5;

/** The newest stories of the article's section, without the article itself. */
function SectionLatest({ a }: { a: NewsArticle }) {
  const { data } = useQuery(findQueryOptions(q.byCategory(a.category)));
  const now = useNow(60_000);
  const items = (data ?? []).filter((n) => n.id !== a.id).slice(0, SECTION_LATEST);
  return (
    <section
      aria-labelledby="section-latest-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="section-latest"
    >
      <div className="mb-2 flex items-center justify-between">
        <h2 id="section-latest-heading" className="text-lg font-bold">
          الأحدث في {a.categoryName}
        </h2>
        <MoreLink slug={a.category} name={a.categoryName} />
      </div>
      {/* The list's height is kept while it loads, so nothing beside it moves. */}
      <ul className="min-h-80 divide-y divide-slate-100 dark:divide-slate-800">
        {items.map((n) => (
          <HeadlineRow key={n.id} item={n} now={now} />
        ))}
      </ul>
    </section>
  );
}

/** Beside the article on a desktop, after it on a phone: the most read, and the latest of its section. */
export interface ArticleSidebarProps {
  a: NewsArticle;
}

export function ArticleSidebar({ a }: ArticleSidebarProps) {
  return (
    // Under the article below a desktop's width (1,300 px of lists on a phone): laid out only when scrolled near.
    <aside
      className="min-w-0 space-y-6 max-lg:below-fold max-lg:[contain-intrinsic-size:auto_1300px]"
      aria-label="أخبار أخرى"
    >
      <SectionLatest a={a} />
      <MostRead />
      <AdSlot placement="sidebar" />
    </aside>
  );
}
