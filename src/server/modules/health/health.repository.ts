import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export function healthRepository(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
export type HealthRepository = ReturnType<typeof healthRepository>;
