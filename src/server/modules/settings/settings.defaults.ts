/** Site settings (edited in /admin/settings); these are the values a fresh site starts with. */
export const SITE_SETTINGS_KEY = 'site';

export interface SiteSettings {
  siteName: string;
  description: string;
  contactEmail: string;
  social: { facebook: string; x: string; youtube: string; instagram: string };
  /** Days added to the computed Hijri date to follow Libya's Dar al-Ifta announcements (ARABIC.md). */
  hijriAdjustment: number;
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  siteName: 'صحيفة',
  description: 'صحيفة ليبية إلكترونية تغطي الشؤون الليبية والعربية والدولية',
  contactEmail: 'info@sahifa.ly',
  social: { facebook: 'https://www.facebook.com/', x: '', youtube: '', instagram: '' },
  hijriAdjustment: 0,
};
