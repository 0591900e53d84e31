/** The audit log: who created, changed or deleted what, and when. Written in the same transaction as the change. */
import { adCampaigns } from '../../db/schema/ads';
import { sql } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/schemas/common';
import type { Db, Tx } from '../../db/client';
import { admins } from '../../db/schema/accounts';
import { breakingNews, categories, media, news } from '../../db/schema/content';
import { auditLog } from '../../db/schema/site';
import type { Actor, AuditRecord, AuditSink } from '../../lib/write';
import { descNullsLast } from '../../lib/order';
import { offsetOf, pagedTable } from '../../lib/paging';

export type AuditRow = typeof auditLog.$inferSelect & {
  /** The actor's full name now (null: the system, or an account deleted since). */
  actorFullName: string | null;
  /** What the entry is about as it is called now (null: gone, or nothing to name). */
  subjectNow: string | null;
};

/** The record's integer id, when the entry names one (entity ids are kept as text). */
const intId = sql`case when ${auditLog.entityId} ~ '^[0-9]{1,9}$' then ${auditLog.entityId}::int end`;
/** A page of the log names each record as it is called now: one indexed lookup per row, 50 rows a page. */
const subjectNow = sql<string | null>`case ${auditLog.entity}
  when 'news' then (select ${news.title} from ${news} where ${news.id} = ${intId})
  when 'live' then (select ${news.title} from ${news} where ${news.id} = ${intId})
  when 'news_note' then (select ${news.title} from ${news} where ${news.id} = ${intId})
  when 'editorial_note' then (select ${news.title} from ${news} where ${news.id} = ${intId})
  when 'breaking_news' then (select ${breakingNews.title} from ${breakingNews} where ${breakingNews.id} = ${intId})
  when 'category' then (select ${categories.name} from ${categories} where ${categories.id} = ${intId})
  when 'admin' then (select s.full_name from ${admins} s where s.id = ${intId})
  when 'ad_campaign' then (select ${adCampaigns.name} from ${adCampaigns} where ${adCampaigns.id} = ${intId})
  when 'media' then (select ${media.originalName} from ${media} where ${media.id}::text = ${auditLog.entityId})
end`;
const actorFullName = sql<string | null>`(select a.full_name from ${admins} a where a.id = ${auditLog.adminId})`;

export function auditRepository(db: Db) {
  return {
    async insert(tx: Tx, actor: Actor, records: AuditRecord[], at: Date): Promise<void> {
      await tx.insert(auditLog).values(
        records.map((r) => ({
          adminId: actor.id,
          adminUsername: actor.username,
          action: r.action,
          entity: r.entity,
          entityId: r.entityId === null ? null : String(r.entityId),
          details: r.details ?? null,
          createdAt: at,
        })),
      );
    },
    page(q: PageQuery): Promise<{ rows: AuditRow[]; total: number; exact: boolean }> {
      return pagedTable(
        db,
        db
          .select({
            id: auditLog.id,
            adminId: auditLog.adminId,
            adminUsername: auditLog.adminUsername,
            action: auditLog.action,
            entity: auditLog.entity,
            entityId: auditLog.entityId,
            details: auditLog.details,
            createdAt: auditLog.createdAt,
            actorFullName,
            subjectNow,
          })
          .from(auditLog)
          .orderBy(...descNullsLast(auditLog.createdAt, auditLog.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        auditLog,
      );
    },
  } satisfies AuditSink & Record<string, unknown>;
}
export type AuditRepository = ReturnType<typeof auditRepository>;
