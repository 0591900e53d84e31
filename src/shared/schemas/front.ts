import { z } from 'zod';
import { decimalInt } from './common';
import { newsListItem } from './news';

/**
 * The front page's stacked section blocks: every active section in its order, with its newest stories (the page
 * picks a lead and headlines among them that it has not shown higher up).
 */
export const sectionBlock = z.object({
  slug: z.string(),
  name: z.string(),
  color: z.string(),
  items: z.array(newsListItem),
});
export type SectionBlock = z.infer<typeof sectionBlock>;

export const SECTION_BLOCK_ITEMS = 10;

export const sectionBlocksQuery = z.object({
  limit: decimalInt(1, 12).default(SECTION_BLOCK_ITEMS),
});
