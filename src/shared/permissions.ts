/**
 * Who may do what in the newsroom. The server checks every rule (routes declare a permission, services check
 * ownership); the admin screens read the same table to hide what a role cannot do.
 */
export const ROLE_VALUES = ['admin', 'editor'] as const;
export type Role = (typeof ROLE_VALUES)[number];

export const ROLE_LABELS: Record<Role, string> = { admin: 'مدير', editor: 'محرر' };

export const PERMISSIONS = {
  /** Accounts of other staff: list, add, change passwords, delete; the audit log. */
  'accounts.manage': ['admin'],
  /** Site name, contact, social links, Hijri correction; newsletter export. */
  'settings.manage': ['admin'],
  'breaking.manage': ['admin', 'editor'],
  'sections.manage': ['admin', 'editor'],
  'prayer.manage': ['admin', 'editor'],
  'news.write': ['admin', 'editor'],
  'media.upload': ['admin', 'editor'],
  'statistics.view': ['admin', 'editor'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | undefined | null, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
