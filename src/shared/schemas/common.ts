import { z } from 'zod';

/** Every error body: an Arabic message for people, a stable code for programs, and the request id for the logs. */
export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  requestId: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** A positive integer id from a path segment; anything else is a 400, never a database error. */
export const idParam = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const slugParam = z.object({
  slug: z.string().min(1).max(100),
});
