/**
 * Short signed tokens for links the server hands out (a newsletter's confirmation and preferences links, the alert
 * guard's confirmation): `<fields joined by '.'>.<signature>`, the signature an HMAC-SHA256 of the fields with the
 * site's signing secret (128 bits of it, base64url). Fields are plain (an id, an expiry): the signature is what makes
 * them trustworthy, and nothing secret is in them. An expiry, when a token has one, is a field its reader checks.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_BYTES = 16;

function signatureOf(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest().subarray(0, SIGNATURE_BYTES).toString('base64url');
}

/** A token of `fields` (which must not contain '.'). */
export function signToken(secret: string, fields: (string | number)[]): string {
  const body = fields.map(String).join('.');
  if (fields.some((f) => String(f).includes('.'))) throw new Error('token fields must not contain "."');
  return `${body}.${signatureOf(secret, body)}`;
}

/** The fields of a token signed with `secret`, or undefined if it was not (or is malformed). */
export function readToken(secret: string, token: string, fieldCount: number): string[] | undefined {
  const parts = token.split('.');
  if (parts.length !== fieldCount + 1) return undefined;
  const given = Buffer.from(parts.pop()!, 'base64url');
  const expected = Buffer.from(signatureOf(secret, parts.join('.')), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return parts;
}

/** Seconds since the epoch in base 36 (short in a URL), and back. */
export const expiryField = (at: Date) => Math.floor(at.getTime() / 1000).toString(36);
export const expiryOf = (field: string): Date | undefined => {
  if (!/^[0-9a-z]{1,10}$/.test(field)) return undefined;
  return new Date(parseInt(field, 36) * 1000);
};
