import Bowser from 'bowser';
import type { StaffSession } from '../../../shared/schemas/admin';

/** «Chrome على Android» from a user agent (bowser, a kept parser); null when it names nothing known. */
export function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (!browser && !os) return null;
  return [browser, os].filter(Boolean).join(' على ');
}

/** One of a staff member's own sessions as it leaves the server: never its token or token hash. */
export const presentStaffSession = (s: {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  address: string | null;
  current: boolean;
}): StaffSession => ({
  id: s.id,
  createdAt: s.createdAt.toISOString(),
  lastSeenAt: s.lastSeenAt.toISOString(),
  userAgent: s.userAgent,
  device: deviceOf(s.userAgent),
  address: s.address,
  current: s.current,
});
