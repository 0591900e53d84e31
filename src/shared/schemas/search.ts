import { z } from 'zod';
import { decimalInt } from './common';
import { newsListItem } from './news';

export const SEARCH_PAGE_SIZE = 10;
/**
 * A search ranks at most this many of the newest matching articles: its cost stays flat however common the word and
 * however large the archive, and past this many matches (ten pages) a reader refines the words rather than reading page 11.
 */
export const SEARCH_CANDIDATES = 100;

export const searchQuery = z.object({
  q: z.string().trim().min(1).max(200),
  page: decimalInt(1, 1000).default(1),
});

export const searchResponse = z.object({
  query: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matches counted up to SEARCH_CANDIDATES; `totalExact` false means "more than total". */
  total: z.number().int(),
  totalExact: z.boolean(),
  results: z.array(newsListItem),
});
export type SearchResponse = z.infer<typeof searchResponse>;
