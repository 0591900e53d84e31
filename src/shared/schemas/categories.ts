import { z } from 'zod';

export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  isActive: z.boolean(),
  order: z.number().int(),
  createdAt: z.string(),
});
export type Category = z.infer<typeof category>;
