import type { AdminUser } from '../../../shared/schemas/admin';
import type { AdminRow } from './admins.repository';

/** What leaves the server about a staff account; a password hash never can. */
export function presentAdmin(
  a: Pick<AdminRow, 'id' | 'username' | 'fullName' | 'email' | 'role' | 'bio' | 'avatarUrl' | 'createdAt'>,
): AdminUser {
  return {
    id: a.id,
    username: a.username,
    fullName: a.fullName,
    email: a.email,
    role: a.role,
    bio: a.bio,
    avatarUrl: a.avatarUrl,
    createdAt: a.createdAt.toISOString(),
  };
}
