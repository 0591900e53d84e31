/** Site settings (name, contact, social links, Hijri correction): shown on every reader page (tag `settings`). */
import type { SettingsInput } from '../../../shared/schemas/admin';
import { publicSettings, type PublicSettings } from '../../../shared/schemas/settings';
import { DEFAULT_PUBLIC_SETTINGS, SITE_SETTINGS_KEY } from '../../../shared/settings-defaults';
import type { Actor, Writer } from '../../lib/write';
import type { SettingsRepository } from './settings.repository';

export function settingsService(deps: { repo: SettingsRepository; write: Writer; now: () => Date }) {
  const { repo, write, now } = deps;
  return {
    /** The site settings; any field missing or invalid in the stored value falls back to its default. */
    async site(): Promise<PublicSettings> {
      const stored = ((await repo.get(SITE_SETTINGS_KEY)) ?? {}) as Partial<PublicSettings>;
      const merged = {
        ...DEFAULT_PUBLIC_SETTINGS,
        ...stored,
        social: { ...DEFAULT_PUBLIC_SETTINGS.social, ...(stored.social ?? {}) },
      };
      const parsed = publicSettings.safeParse(merged);
      return parsed.success ? parsed.data : DEFAULT_PUBLIC_SETTINGS;
    },
    async update(actor: Actor, input: SettingsInput): Promise<void> {
      await write(actor, async (tx) => {
        await repo.put(SITE_SETTINGS_KEY, input, actor.id, now(), tx);
        return {
          value: undefined,
          audit: { action: 'update', entity: 'settings', entityId: SITE_SETTINGS_KEY, details: input },
          tags: ['settings'],
        };
      });
    },
  };
}
export type SettingsService = ReturnType<typeof settingsService>;
