/** Authenticator-app codes (RFC 6238, 6 digits every 30 s) through otpauth, a kept library: no HMAC code of ours. */
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_S = 30;
/** One step either side: a phone's clock up to about 30 s off is accepted. */
const DRIFT_STEPS = 1;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (secret: string, account: string, issuer: string): string =>
  totpOf(secret, account, issuer).toString();

/** The time step a code belongs to (for replay protection), or null when it is not a current code. */
export function totpStep(secret: string, code: string, at: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: at.getTime(), window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}
