import { useQuery } from '@tanstack/react-query';
import { MessageBox } from '../../components/message-box';
import { useNow } from '../../lib/hooks';
import { lazyPart } from '../../lib/lazy-part';
import { queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { FeaturedSlider } from './featured-slider';
import { planFrontPage, type FrontPlan } from './front-plan';
import { HeadlineList } from './headline-list';
import { PrayerStrip } from './prayer-strip';

/**
 * Everything below the first screen, in a chunk of its own: the top is alive before that code arrives, and the rest
 * comes alive when the reader scrolls it into view.
 */
const HomeLower = lazyPart<{ plan: FrontPlan; latestError: boolean; now: Date | null }, typeof import('./home-lower')>(
  () => import('./home-lower'),
  'HomeLower',
  { whenVisible: true },
);

/**
 * The front page, news first. On a phone: the lead (SPEC's slider), the latest headlines, prayer times as one slim
 * line, then SPEC's big card, tabs and the section blocks, then the sidebar's boxes. On a desktop: the lead beside the
 * latest headlines, then the main column (big card, tabs, section blocks) beside the sidebar (prayer times and
 * weather, most read, newsletter, advertising). No story is shown twice (front-plan.ts).
 */
export function HomePage() {
  const featured = useQuery(queryOptionsFor(q.featured()));
  const latest = useQuery(queryOptionsFor(q.latest()));
  const blocks = useQuery(queryOptionsFor(q.sectionBlocks()));
  const now = useNow(60_000);
  const plan = planFrontPage({ featured: featured.data, latest: latest.data, blocks: blocks.data });

  return (
    <div className="mx-auto max-w-7xl space-y-4 px-3 py-3 sm:space-y-6 sm:py-6">
      <h1 className="sr-only">الصفحة الرئيسية</h1>
      <div className="grid gap-4 lg:grid-cols-3 lg:gap-6">
        <div className="min-w-0 lg:col-span-2">
          {featured.isError && latest.isError ? (
            <MessageBox title="فشل في جلب الأخبار" tone="error" />
          ) : (
            <FeaturedSlider items={plan.slides} />
          )}
        </div>
        <div className="min-w-0">
          {latest.isError ? (
            <MessageBox title="فشل في جلب الأخبار" tone="error" />
          ) : (
            <HeadlineList items={plan.headlines} now={now} />
          )}
        </div>
      </div>
      <PrayerStrip />
      <HomeLower plan={plan} latestError={latest.isError} now={now} />
    </div>
  );
}
