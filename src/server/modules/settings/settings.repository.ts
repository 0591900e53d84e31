import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema/site';
import { publicSettings, type PublicSettings } from '../../../shared/schemas/settings';
import { DEFAULT_PUBLIC_SETTINGS, SITE_SETTINGS_KEY } from '../../../shared/settings-defaults';

export function settingsRepository(db: Db) {
  return {
    /** The site settings; any field missing or invalid in the stored value falls back to its default. */
    async site(): Promise<PublicSettings> {
      const rows = await db
        .select({ value: settings.value })
        .from(settings)
        .where(eq(settings.key, SITE_SETTINGS_KEY))
        .limit(1);
      const stored = (rows[0]?.value ?? {}) as Partial<PublicSettings>;
      const merged = {
        ...DEFAULT_PUBLIC_SETTINGS,
        ...stored,
        social: { ...DEFAULT_PUBLIC_SETTINGS.social, ...(stored.social ?? {}) },
      };
      const parsed = publicSettings.safeParse(merged);
      return parsed.success ? parsed.data : DEFAULT_PUBLIC_SETTINGS;
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
