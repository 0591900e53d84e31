import { MostRead } from '../../components/most-read';
import { AdSlot } from '../../app/parts';
import { FeaturedCard } from './featured-card';
import type { FrontPlan } from './front-plan';
import { NewsletterBox } from './newsletter-box';
import { PrayerWeatherWidget } from './prayer-weather-widget';
import { Reveal } from './reveal';
import { SectionBlocks } from './section-blocks';
import { SectionTabs } from './section-tabs';

/**
 * The front page below its first screen: SPEC's big card and tabs, the section blocks, and the sidebar (the prayer
 * and weather widget on a desktop, most read, newsletter, advertising). Its own chunk (home-page.tsx).
 */
export function HomeLower({ plan, latestError, now }: { plan: FrontPlan; latestError: boolean; now: Date | null }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="min-w-0 space-y-6 lg:col-span-2">
        {plan.big && <FeaturedCard item={plan.big} />}
        <div className="below-fold [contain-intrinsic-size:auto_2700px] md:[contain-intrinsic-size:auto_1150px] lg:[contain-intrinsic-size:auto_750px]">
          <SectionTabs latest={plan.homeTab} latestError={latestError} now={now} exclude={plan.aboveTabs} />
        </div>
        <SectionBlocks blocks={plan.blocks} now={now} />
      </div>
      <div className="below-fold min-w-0 space-y-6 [contain-intrinsic-size:auto_1000px] lg:[content-visibility:visible]">
        <div className="hidden lg:block">
          <PrayerWeatherWidget />
        </div>
        <Reveal px={300}>
          <MostRead />
        </Reveal>
        <Reveal px={400}>
          <NewsletterBox />
        </Reveal>
        <Reveal px={500}>
          <AdSlot placement="sidebar" />
        </Reveal>
      </div>
    </div>
  );
}
