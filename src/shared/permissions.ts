/**
 * Who may do what in the newsroom. The server checks every rule (routes declare a permission, services check
 * ownership); the admin screens read the same table to hide what a role cannot do.
 */
export const ROLE_VALUES = ['admin', 'editor', 'writer'] as const;
export type Role = (typeof ROLE_VALUES)[number];

export const ROLE_LABELS: Record<Role, string> = { admin: 'مدير', editor: 'محرر', writer: 'كاتب' };

export const PERMISSIONS = {
  /** Accounts of other staff: list, add, change passwords, delete; the audit log. */
  'accounts.manage': ['admin'],
  /** Site name, contact, social links, Hijri correction. */
  'settings.manage': ['admin'],
  /** The newsletter's subscribers (personal data): list, delete, export, the one confirmation campaign. */
  'newsletter.subscribers': ['admin'],
  /** Sending to readers: the history of sends on every channel with their figures, stopping one, the digest's hour. */
  'sends.manage': ['admin', 'editor'],
  /** Sending a published story or a breaking-news item to readers (e-mail, push) behind the alert guard. */
  'alerts.send': ['admin', 'editor'],
  'breaking.manage': ['admin', 'editor'],
  'sections.manage': ['admin', 'editor'],
  'prayer.manage': ['admin', 'editor'],
  /** Writing articles (a writer only their own drafts; the news service checks ownership and state). */
  'news.write': ['admin', 'editor', 'writer'],
  /** Review, publish, schedule, unpublish, feature and delete any article. */
  'news.publish': ['admin', 'editor'],
  /**
   * Crediting: naming the authors of an article (anyone but oneself) and writing its free byline. A writer's article
   * carries its writer; they may send its authors and byline back unchanged, never different ones.
   */
  'news.credit': ['admin', 'editor'],
  'media.upload': ['admin', 'editor', 'writer'],
  'statistics.view': ['admin', 'editor'],
  /**
   * Advertising: placements, campaigns, their creatives and reports. Admins only: the sales desk is given an admin
   * account or this list grows by one role; editors run the newsroom, not its advertising.
   */
  'ads.manage': ['admin'],
  /** The state of the scheduled backups (the dashboard says when the last one failed). */
  'operations.view': ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | undefined | null, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
