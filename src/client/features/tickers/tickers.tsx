import { useQuery } from '@tanstack/react-query';
import { LIMITS } from '../../../shared/constants';
import { queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { shareHeadline } from '../../lib/share';
import { Ticker } from './ticker';

const WELCOME = 'مرحباً بكم في صحيفتنا، تابعوا آخر الأخبار لحظة بلحظة';

export function Tickers() {
  const latest = useQuery(queryOptionsFor(q.latest(LIMITS.latestTicker)));
  const breaking = useQuery(queryOptionsFor(q.breaking()));
  return (
    <div>
      <Ticker
        label="عاجل"
        variant="breaking"
        // A breaking item may link to its story (a live coverage, most often).
        items={breaking.data?.map((b) => ({
          id: b.id,
          title: b.title,
          ...(b.newsId ? { href: `/news/${b.newsId}` } : {}),
        }))}
        isLoading={breaking.isLoading}
        emptyText={WELCOME}
        onShare={(item) => shareHeadline(item.title)}
      />
      <Ticker
        label="آخر الأخبار"
        variant="latest"
        items={latest.data?.map((n) => ({ id: n.id, title: n.title, href: `/news/${n.id}`, live: n.live }))}
        isLoading={latest.isLoading}
        emptyText={WELCOME}
      />
    </div>
  );
}
