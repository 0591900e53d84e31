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
        items={breaking.data?.map((b) => ({ id: b.id, title: b.title }))}
        isLoading={breaking.isLoading}
        emptyText={WELCOME}
        onShare={(item) => shareHeadline(item.title)}
      />
      <Ticker
        label="آخر الأخبار"
        variant="latest"
        items={latest.data?.map((n) => ({ id: n.id, title: n.title, href: `/news/${n.id}` }))}
        isLoading={latest.isLoading}
        emptyText={WELCOME}
      />
    </div>
  );
}
