import type { StaffSession } from '../../../shared/schemas/admin';

/** One of a staff member's own sessions as it leaves the server: never its token or token hash. */
export const presentStaffSession = (s: {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  current: boolean;
}): StaffSession => ({
  id: s.id,
  createdAt: s.createdAt.toISOString(),
  lastSeenAt: s.lastSeenAt.toISOString(),
  userAgent: s.userAgent,
  current: s.current,
});
