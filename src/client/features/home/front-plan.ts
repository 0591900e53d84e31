/**
 * Which story goes where on the front page, so that none appears twice in the slider, the headlines, the big card,
 * the tabs and the section blocks (the latest-news ticker excepted, as SPEC's ticker shows the newest). Pure: the
 * server and the browser compute the same page from the same lists.
 *
 * Order of importance, as a newspaper's front page reads:
 * 1. the lead: SPEC's featured slider, from featured stories still fresh (the API leaves out those older than the
 *    site's lead age); when fewer than three are fresh, the newest stories fill it, so the lead is never stale;
 * 2. the latest headlines beside it (on a phone, right under it: the first screen holds the lead and these);
 * 3. SPEC's big featured card: the next fresh featured story, else the next newest;
 * 4. SPEC's home tab: the next six newest;
 * 5. a block per section: its lead and headlines among the stories not shown above.
 */
import { LIMITS } from '../../../shared/constants';
import type { SectionBlock } from '../../../shared/schemas/front';
import type { NewsListItem } from '../../../shared/schemas/news';

export const SLIDES_MAX = 5;
export const SLIDES_MIN = 3;
export const HEADLINES = 6;
export const BLOCK_ITEMS = 5;

export interface FrontPlan {
  slides: NewsListItem[];
  headlines: NewsListItem[];
  big: NewsListItem | undefined;
  homeTab: NewsListItem[];
  blocks: (Omit<SectionBlock, 'items'> & { lead: NewsListItem | undefined; list: NewsListItem[] })[];
  /** Every story above the tabs (a section tab shows none of them again). */
  aboveTabs: ReadonlySet<number>;
}

export function planFrontPage(lists: {
  featured: NewsListItem[] | undefined;
  latest: NewsListItem[] | undefined;
  blocks: SectionBlock[] | undefined;
}): FrontPlan {
  const used = new Set<number>();
  const take = (from: NewsListItem[] | undefined, n: number) => {
    const out: NewsListItem[] = [];
    for (const item of from ?? []) {
      if (out.length >= n) break;
      if (used.has(item.id)) continue;
      used.add(item.id);
      out.push(item);
    }
    return out;
  };

  const slides = take(lists.featured, SLIDES_MAX);
  if (slides.length < SLIDES_MIN) slides.push(...take(lists.latest, SLIDES_MIN - slides.length));
  const headlines = take(lists.latest, HEADLINES);
  const big = take(lists.featured, 1)[0] ?? take(lists.latest, 1)[0];
  const aboveTabs = new Set(used);
  // On a site with few stories everything may be above already: the tab then repeats the newest, never stays empty.
  const rest = take(lists.latest, LIMITS.homeTab);
  const homeTab = rest.length ? rest : (lists.latest ?? []).slice(0, LIMITS.homeTab);
  const blocks = (lists.blocks ?? []).map(({ items, ...section }) => {
    const [lead, ...list] = take(items, BLOCK_ITEMS);
    return { ...section, lead, list };
  });
  return { slides, headlines, big, homeTab, blocks, aboveTabs };
}
