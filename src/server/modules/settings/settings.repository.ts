import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { settings } from '../../db/schema/site';

export function settingsRepository(db: Db) {
  const byKey = db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, sql.placeholder('key')))
    .limit(1)
    .prepare('settings_by_key');
  return {
    async get(key: string): Promise<unknown> {
      const [row] = await byKey.execute({ key });
      return row?.value;
    },
    /**
     * A random secret kept under `key`, made on first use (the first instance to ask stores it; every instance then
     * reads the same): the signing key of links the site hands out. Never sent to any screen.
     */
    async secret(key: string): Promise<string> {
      await db
        .insert(settings)
        .values({ key, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing({ target: settings.key });
      const [row] = await byKey.execute({ key });
      return String(row!.value);
    },
    async put(key: string, value: unknown, by: number | null, at: Date, ex: Executor = db): Promise<void> {
      await ex
        .insert(settings)
        .values({ key, value, updatedBy: by, updatedAt: at })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: sql`excluded.value`, updatedBy: by, updatedAt: at },
        });
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
