import { z } from 'zod';

/** The sign-up form's contract: the server checks it, and the reader's form shows its messages by each field. */
export const newsletterRequest = z.object({
  fullName: z.string().trim().min(1, 'الاسم الكامل مطلوب').max(200, 'الاسم أطول من 200 حرف'),
  email: z
    .string()
    .trim()
    .min(1, 'البريد الإلكتروني مطلوب')
    .max(254, 'البريد الإلكتروني أطول من المسموح')
    .pipe(z.email('البريد الإلكتروني غير صالح، مثال صحيح: name@example.ly')),
});
export type NewsletterField = keyof z.infer<typeof newsletterRequest>;

export const newsletterResponse = z.object({ message: z.string(), alreadySubscribed: z.boolean() });

/** A subscriber as the settings screen lists them. */
export const newsletterSubscriber = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriber>;
