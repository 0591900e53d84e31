/**
 * The home page's section tabs. Changing tab rewrites the address (/ or /?category=x) without a reload; the
 * tab given by ?category= is honoured on load. Home shows the 6 newest not already on the page above; every section
 * tab shows its 3 newest that are not in the lead positions above.
 */
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useSearchParams } from 'wouter';
import { HOME_SLUG, LIMITS } from '../../../shared/constants';
import type { NewsListItem } from '../../../shared/schemas/news';
import { MessageBox } from '../../components/message-box';
import { findQueryOptions } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { textOn } from '../../lib/color';
import { NewsCard } from '../../components/news-card';
import { activeSection } from './sections';
import { useNavLinks } from '../../lib/nav-links';

/** On a phone, one column of cards 2,500 px long whose top is near the first screen: each laid out when scrolled near. */
function Grid({ items, now }: { items: NewsListItem[]; now: Date | null }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((n) => (
        <NewsCard key={n.id} item={n} now={now} lazyOnPhone />
      ))}
    </div>
  );
}

function SectionBlock({
  slug,
  name,
  now,
  exclude,
}: {
  slug: string;
  name: string;
  now: Date | null;
  exclude: ReadonlySet<number>;
}) {
  // A section switched off in the admin answers 404: for the tab that is simply "no news".
  const { data, isLoading, isError } = useQuery(findQueryOptions(q.byCategory(slug)));
  if (isLoading) return <p role="status">جاري تحميل الأخبار...</p>;
  if (isError) return <MessageBox title="فشل في جلب الأخبار" tone="error" />;
  const items = (data ?? []).filter((n) => !exclude.has(n.id)).slice(0, LIMITS.categoryBlock);
  if (!items.length)
    return <MessageBox title={`لا توجد أخبار في قسم ${name} حالياً`} hint="يرجى التحقق لاحقًا مرة أخرى" />;
  return <Grid items={items} now={now} />;
}

export function SectionTabs({
  latest,
  latestError,
  now,
  exclude,
}: {
  /** The home tab's stories (already without those shown above). */
  latest: NewsListItem[] | undefined;
  latestError: boolean;
  now: Date | null;
  /** Stories in the lead positions above, which a section tab does not repeat. */
  exclude: ReadonlySet<number>;
}) {
  const [search, setSearch] = useSearchParams();
  const links = useNavLinks();
  // A tab named in the address that is not an active section (switched off since) shows home.
  const requested = activeSection(search);
  const active = links.some((l) => l.slug === requested) ? requested : HOME_SLUG;
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (slug: string) => {
    setSearch(slug === HOME_SLUG ? {} : { category: slug });
  };
  const onKey = (e: React.KeyboardEvent, i: number) => {
    // In RTL the visual "next" tab is to the left.
    const delta = e.key === 'ArrowLeft' ? 1 : e.key === 'ArrowRight' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (i + delta + links.length) % links.length;
    select(links[next]!.slug);
    tabRefs.current[next]?.focus();
  };
  const chip = links.find((c) => c.slug === active)!;

  return (
    <section aria-labelledby="sections-heading" className="space-y-4">
      <h2 id="sections-heading" className="sr-only">
        أقسام الأخبار
      </h2>
      <div
        role="tablist"
        aria-label="أقسام الأخبار"
        className="scroll-hint flex gap-1 overflow-x-auto border-b border-slate-200 pb-1 dark:border-slate-800"
      >
        {links.map((c, i) => (
          <button
            key={c.slug}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`section-tab-${c.slug}`}
            aria-selected={active === c.slug}
            aria-controls="section-panel"
            tabIndex={active === c.slug ? 0 : -1}
            onClick={() => select(c.slug)}
            onKeyDown={(e) => onKey(e, i)}
            className={`shrink-0 rounded-t px-4 py-2 text-sm font-bold transition ${active === c.slug ? '' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
            style={active === c.slug ? { backgroundColor: c.color, color: textOn(c.color) } : undefined}
          >
            {c.name}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="section-panel"
        aria-labelledby={`section-tab-${active}`}
        className="fade-in"
        key={active}
      >
        {active === HOME_SLUG ? (
          latestError ? (
            <MessageBox title="فشل في جلب الأخبار" tone="error" />
          ) : latest && latest.length ? (
            <Grid items={latest} now={now} />
          ) : (
            <MessageBox title="لا توجد أخبار متاحة" />
          )
        ) : (
          <SectionBlock slug={active} name={chip.name} now={now} exclude={exclude} />
        )}
      </div>
    </section>
  );
}
