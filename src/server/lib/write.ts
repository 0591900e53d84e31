/**
 * The write protocol, in one place: a transaction around the change, its audit entries in the same transaction,
 * the cache tags it touched announced to other instances at commit (NOTIFY is transactional), then dropped here.
 * A service's write returns { value, audit, tags }; the types make both impossible to forget.
 */
import type { Db, Tx } from '../db/client';
import { AppError, MESSAGES } from '../errors';
import type { CacheTag } from './cache-tags';
import type { RequestScope } from './deadline';

export interface Actor {
  /** null for the system itself (scheduled publishing). */
  id: number | null;
  username: string;
  /** The name people know them by (revisions, conflict messages); the username when absent. */
  fullName?: string;
  /** The request acting for them, under its time bound (lib/deadline.ts); none for the system's own work. */
  scope?: RequestScope;
}

export const SYSTEM_ACTOR: Actor = { id: null, username: 'system', fullName: 'النظام' };

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'import'
  | 'login'
  | 'logout'
  | 'publish'
  | 'schedule'
  | 'review'
  | 'draft'
  | 'unpublish'
  | 'restore'
  | 'login_failed'
  | 'lock'
  | 'unlock'
  | 'enable'
  | 'disable'
  | 'reset'
  | 'recovery_used';

export interface AuditRecord {
  action: AuditAction;
  entity: string;
  entityId: string | number | null;
  details?: unknown;
}

export interface WriteOutcome<T> {
  value: T;
  /** What to record in the audit log; null only for writes that are not the staff's doing (housekeeping). */
  audit: AuditRecord | AuditRecord[] | null;
  /** What readers could see change; [] when nothing public changed (a draft, an account). */
  tags: readonly CacheTag[];
}

export interface Invalidator {
  /** Inside the transaction: tells other instances at commit. */
  announce(tx: Tx, tags: readonly CacheTag[]): Promise<void>;
  /** After commit: drops the tags here and at the CDN. */
  invalidate(tags: readonly CacheTag[]): Promise<void>;
}

export interface AuditSink {
  insert(tx: Tx, actor: Actor, records: AuditRecord[], at: Date): Promise<void>;
}

export type Writer = <T>(actor: Actor, work: (tx: Tx) => Promise<WriteOutcome<T>>) => Promise<T>;

/**
 * Sees every write's audit records inside its transaction, after the change: for work that must commit with it or
 * not at all (an outbox row for what a publication sets off: lib/publications.ts). Observers are added once, while
 * the modules are built.
 */
export type WriteObserver = (tx: Tx, records: readonly AuditRecord[], actor: Actor) => Promise<void>;

export function createWriter(deps: {
  db: Db;
  audit: AuditSink;
  invalidation: Invalidator;
  now: () => Date;
  observers?: readonly WriteObserver[];
}): Writer {
  return async (actor, work) => {
    const outcome = await deps.db.transaction(async (tx) => {
      const result = await work(tx);
      const records = result.audit === null ? [] : [result.audit].flat();
      if (records.length) await deps.audit.insert(tx, actor, records, deps.now());
      if (records.length) for (const observe of deps.observers ?? []) await observe(tx, records, actor);
      if (result.tags.length) await deps.invalidation.announce(tx, result.tags);
      // The request this write serves has already been answered "not saved" (its time ran out): roll back. Nothing
      // between this check and the COMMIT yields to a timer, so the answer and the outcome always agree.
      const scope = actor.scope;
      if (scope?.expired) throw new AppError(503, 'UNAVAILABLE', MESSAGES.unavailable);
      if (scope) scope.committing = true;
      return result;
    });
    if (outcome.tags.length) await deps.invalidation.invalidate(outcome.tags);
    return outcome.value;
  };
}
