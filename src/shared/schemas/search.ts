import { z } from 'zod';
import { newsListItem } from './news';

export const SEARCH_PAGE_SIZE = 10;

export const searchQuery = z.object({
  q: z.string().trim().min(1).max(200),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const searchResponse = z.object({
  query: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  results: z.array(newsListItem),
});
export type SearchResponse = z.infer<typeof searchResponse>;
