/** Site settings (edited in /admin/settings); these are the values a fresh site starts with. */
export const SITE_SETTINGS_KEY = 'site';

import type { PublicSettings } from './schemas/settings';

/** hijriAdjustment: days added to the computed Hijri date to follow Libya's Dar al-Ifta (ARABIC.md). */
export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  siteName: 'صحيفة',
  shortName: '',
  description: 'صحيفة ليبية إلكترونية تغطي الشؤون الليبية والعربية والدولية',
  contactEmail: 'info@sahifa.ly',
  social: { facebook: 'https://www.facebook.com/', x: '', youtube: '', instagram: '' },
  hijriAdjustment: 0,
  leadMaxAgeDays: 3,
};
