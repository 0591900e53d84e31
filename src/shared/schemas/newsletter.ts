import { z } from 'zod';

export const newsletterRequest = z.object({
  fullName: z.string().trim().min(1).max(200),
  email: z.string().trim().max(254).pipe(z.email()),
});

export const newsletterResponse = z.object({ message: z.string(), alreadySubscribed: z.boolean() });
