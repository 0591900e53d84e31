import { z } from 'zod';

export const publicSettings = z.object({
  siteName: z.string(),
  description: z.string(),
  contactEmail: z.string(),
  social: z.object({ facebook: z.string(), x: z.string(), youtube: z.string(), instagram: z.string() }),
  hijriAdjustment: z.number().int().min(-2).max(2),
});
export type PublicSettings = z.infer<typeof publicSettings>;
