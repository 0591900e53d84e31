import type { AdminUser } from '../../../shared/schemas/admin';

/** What leaves the server about a staff account; a password hash never can. */
export function presentAdmin(a: {
  id: number;
  username: string;
  fullName: string;
  email: string;
  role: 'admin' | 'editor';
  createdAt: Date;
}): AdminUser {
  return {
    id: a.id,
    username: a.username,
    fullName: a.fullName,
    email: a.email,
    role: a.role,
    createdAt: a.createdAt.toISOString(),
  };
}
