import { z } from 'zod';

export const breakingNewsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  isActive: z.boolean(),
  priority: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** The article the ticker links to (/news/{id}), often a live coverage; null: no link. */
  newsId: z.number().int().nullable(),
});
export type BreakingNewsItem = z.infer<typeof breakingNewsItem>;
