/**
 * The links in the newsletter's e-mails, signed with the site's secret (lib/signed-tokens.ts):
 * - confirm `c.<id>.<expiry>.<nonce>.<sig>`: confirms a pending subscriber once (the nonce is used up) until expiry;
 * - manage `m.<id>.<sig>`: the subscriber's own preferences and unsubscribe links, good as long as they are
 *   subscribed (an unsubscribe link in an old e-mail must still work), never after they are forgotten.
 */
import { expiryField, expiryOf, readToken, signToken } from '../../lib/signed-tokens';

/** How long a confirmation link works (and an unconfirmed sign-up is kept). */
export const CONFIRM_VALID_DAYS = 7;

export function newsletterTokens(secret: () => Promise<string>) {
  return {
    async confirm(id: number, nonce: string, expires: Date): Promise<string> {
      return signToken(await secret(), ['c', id, expiryField(expires), nonce]);
    },
    async manage(id: number): Promise<string> {
      return signToken(await secret(), ['m', id]);
    },
    /** The subscriber, nonce and expiry of a confirmation link; undefined if it is not one of ours. */
    async readConfirm(token: string): Promise<{ id: number; nonce: string; expires: Date } | undefined> {
      const f = readToken(await secret(), token, 4);
      if (!f || f[0] !== 'c' || !/^\d{1,10}$/.test(f[1]!)) return undefined;
      const expires = expiryOf(f[2]!);
      return expires ? { id: Number(f[1]), nonce: f[3]!, expires } : undefined;
    },
    async readManage(token: string): Promise<number | undefined> {
      const f = readToken(await secret(), token, 2);
      return f && f[0] === 'm' && /^\d{1,10}$/.test(f[1]!) ? Number(f[1]) : undefined;
    },
  };
}
export type NewsletterTokens = ReturnType<typeof newsletterTokens>;
