import type { AdminUser } from '../../../shared/schemas/admin';
import type { AdminRow } from './admins.repository';

/** What leaves the server about a staff account; a password hash never can. */
export function presentAdmin(
  a: Pick<AdminRow, 'id' | 'username' | 'fullName' | 'email' | 'role' | 'createdAt'>,
): AdminUser {
  return {
    id: a.id,
    username: a.username,
    fullName: a.fullName,
    email: a.email,
    role: a.role,
    createdAt: a.createdAt.toISOString(),
  };
}
