import { useQuery } from '@tanstack/react-query';
import { MessageBox } from '../../components/message-box';
import { useNow } from '../../lib/hooks';
import { queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { AdBox } from './ad-box';
import { FeaturedCard } from './featured-card';
import { FeaturedSlider } from './featured-slider';
import { MostRead } from './most-read';
import { NewsletterBox } from './newsletter-box';
import { PrayerWeatherWidget } from './prayer-weather-widget';
import { Reveal } from './reveal';
import { SectionTabs } from './section-tabs';

export function HomePage() {
  const featured = useQuery(queryOptionsFor(q.featured()));
  const latest = useQuery(queryOptionsFor(q.latest()));
  const now = useNow(60_000);
  const slides = (featured.data ?? []).slice(0, 5);
  const big = featured.data?.[5] ?? featured.data?.[0] ?? latest.data?.[0];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-3 py-6">
      <h1 className="sr-only">الصفحة الرئيسية</h1>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="order-2 min-w-0 lg:order-1">
          <PrayerWeatherWidget />
        </div>
        <div className="order-1 min-w-0 lg:order-2 lg:col-span-2">
          {featured.isError ? (
            <MessageBox title="فشل في جلب الأخبار" tone="error" />
          ) : (
            <FeaturedSlider items={slides} />
          )}
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {big && <FeaturedCard item={big} />}
          <SectionTabs latest={latest.data} latestError={latest.isError} now={now} />
        </div>
        <div className="min-w-0 space-y-6">
          <Reveal px={300}>
            <MostRead />
          </Reveal>
          <Reveal px={400}>
            <NewsletterBox />
          </Reveal>
          <Reveal px={500}>
            <AdBox />
          </Reveal>
        </div>
      </div>
    </div>
  );
}
