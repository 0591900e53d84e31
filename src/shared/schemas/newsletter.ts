import { z } from 'zod';

export const newsletterRequest = z.object({
  fullName: z.string().trim().min(1).max(200),
  email: z.string().trim().max(254).pipe(z.email()),
});

export const newsletterResponse = z.object({ message: z.string(), alreadySubscribed: z.boolean() });

/** A subscriber as the settings screen lists them. */
export const newsletterSubscriber = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriber>;
