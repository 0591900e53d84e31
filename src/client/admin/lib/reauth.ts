/**
 * Re-authentication on demand: a sensitive call answered REAUTH_REQUIRED waits while the mounted dialog asks for the
 * password, a code or a passkey, then is sent again once. Cancelled, the call fails with the server's message.
 */
import { ApiError } from '../../lib/api';

type Ask = () => Promise<boolean>;
let ask: Ask | undefined;

/** The dialog registers itself here (components/reauth-dialog.tsx). */
export function setReauthPrompt(fn: Ask | undefined): void {
  ask = fn;
}

export const isReauthRequired = (err: unknown) =>
  err instanceof ApiError && err.status === 403 && err.code === 'REAUTH_REQUIRED';

/** Runs `call`; when the server wants the owner proved again, asks, then runs it once more. */
export async function withReauth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!isReauthRequired(err) || !ask || !(await ask())) throw err;
    return call();
  }
}
