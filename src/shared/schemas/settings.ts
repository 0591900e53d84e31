import { z } from 'zod';

export const publicSettings = z.object({
  siteName: z.string(),
  /** The name under the app's icon on a phone (the web app manifest's short_name); empty: the site name. */
  shortName: z.string(),
  description: z.string(),
  contactEmail: z.string(),
  social: z.object({ facebook: z.string(), x: z.string(), youtube: z.string(), instagram: z.string() }),
  hijriAdjustment: z.number().int().min(-2).max(2),
  /** A featured story older than this many days leaves the front page's lead positions by itself. */
  leadMaxAgeDays: z.number().int().min(1).max(30),
});
export type PublicSettings = z.infer<typeof publicSettings>;
