import fs from 'node:fs/promises';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okMessage, prayerTimeInput, prayerTimeRecord } from '../../../shared/schemas/admin';
import { idParam } from '../../../shared/schemas/common';
import type { Db } from '../../db/client';
import { prayerTimes } from '../../db/schema/content';
import { AppError, notFound } from '../../errors';
import { actorOf } from '../../plugins/admin-guard';
import { audit } from '../audit/audit';
import { parsePrayerXml, PrayerFileError } from './prayer-import';

const NOT_FOUND = 'سجل المواقيت غير موجود';
const DATE_TAKEN = 'يوجد سجل آخر لهذا التاريخ';

export function prayerTimesAdminRoutes(db: Db, xmlPath: string) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const invalidate = () => base.invalidation.publish(['prayer']);

    app.get('/api/admin/prayer-times', { schema: { response: { 200: z.array(prayerTimeRecord) } } }, async () =>
      db.select().from(prayerTimes).orderBy(asc(prayerTimes.date)),
    );

    /** Replaces every record with the shipped file's, in one transaction: a bad file changes nothing. */
    app.post(
      '/api/admin/prayer-times/import',
      { schema: { body: z.object({}).passthrough().optional(), response: { 200: okMessage } } },
      async (req) => {
        let days;
        try {
          days = parsePrayerXml(await fs.readFile(xmlPath, 'utf8'));
        } catch (err) {
          if (err instanceof PrayerFileError)
            throw new AppError(422, 'PRAYER_FILE_INVALID', `تعذّر استيراد الملف: ${err.message}`);
          throw new AppError(422, 'PRAYER_FILE_MISSING', 'ملف المواقيت غير موجود على الخادم');
        }
        await db.transaction(async (tx) => {
          await tx.delete(prayerTimes);
          for (let i = 0; i < days.length; i += 500) await tx.insert(prayerTimes).values(days.slice(i, i + 500));
          await audit(tx, actorOf(req), 'import', 'prayer_times', null, {
            days: days.length,
            from: days[0]!.date,
            to: days.at(-1)!.date,
          });
        });
        await invalidate();
        return { message: `تم استيراد مواقيت ${days.length} يوماً بنجاح` };
      },
    );

    app.put(
      '/api/admin/prayer-times/:id',
      { schema: { params: idParam, body: prayerTimeInput, response: { 200: prayerTimeRecord } } },
      async (req) => {
        const { id: _ignored, ...values } = req.body;
        const row = await db.transaction(async (tx) => {
          const [clash] = await tx
            .select({ id: prayerTimes.id })
            .from(prayerTimes)
            .where(eq(prayerTimes.date, values.date));
          if (clash && clash.id !== req.params.id) throw new AppError(409, 'DATE_TAKEN', DATE_TAKEN);
          const [updated] = await tx
            .update(prayerTimes)
            .set(values)
            .where(eq(prayerTimes.id, req.params.id))
            .returning();
          if (!updated) throw notFound(NOT_FOUND, 'PRAYER_NOT_FOUND');
          await audit(tx, actorOf(req), 'update', 'prayer_times', updated.id, values);
          return updated;
        });
        await invalidate();
        return row;
      },
    );
  };
}
