/** What a backup reads of the database's catalogue: its tables, their foreign-key order, sequences and migrations. */
import pg from 'pg';
import { BackupError, MIGRATION_ROWS } from './manifest';

export const ident = (name: string) => pg.Client.prototype.escapeIdentifier(name);
export const qualified = (table: string) => `public.${ident(table)}`;

export interface TableInfo {
  name: string;
  /** Columns COPY reads and writes: every column but generated ones (which the database computes again). */
  columns: string[];
}

export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<{ name: string; columns: string[] | null }>(`
    select c.relname as name,
           array_agg(a.attname::text order by a.attnum) filter (where a.attnum > 0) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = 'public' and c.relkind = 'r'
     group by c.relname
     order by c.relname`);
  return rows.map((r) => ({ name: r.name, columns: r.columns ?? [] }));
}

/** Every table after the tables it references (self-references are fine within one COPY). */
export async function foreignKeyOrder(client: pg.ClientBase, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(`
    select child.relname as child, parent.relname as parent
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      join pg_namespace n on n.oid = child.relnamespace
     where c.contype = 'f' and n.nspname = 'public'`);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of rows) if (child !== parent) parents.get(child)?.add(parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) {
      const left = tables.filter((t) => !placed.has(t));
      throw new BackupError(`The foreign keys between ${left.join(', ')} form a cycle: no order loads them.`);
    }
    for (const t of ready) {
      order.push(t);
      placed.add(t);
    }
  }
  return order;
}

/** The sequences of the public schema and the column each one numbers (identity and serial columns). */
export async function listSequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ name: string; table: string; column: string }>(`
    select s.relname as name, t.relname as table, a.attname as column
      from pg_class s
      join pg_namespace n on n.oid = s.relnamespace
      join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
                      and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
      join pg_class t on t.oid = d.refobjid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     where s.relkind = 'S' and n.nspname = 'public'
     order by s.relname`);
  return rows;
}

/** The drizzle migrations applied to this database, oldest first (none when drizzle never ran here). */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows: exists } = await client.query<{ table: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as table`,
  );
  if (!exists[0]?.table) return [];
  const { rows } = await client.query<{ hash: string }>(
    `select hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((r) => r.hash);
}

/** Tables holding rows beyond the ones the migrations write: any of them means the database is not empty. */
export async function tablesWithContent(client: pg.ClientBase, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const probes = tables.map((t) => {
    const defaults = MIGRATION_ROWS[t];
    const where = defaults ? ` where not (${defaults})` : '';
    return `select ${client.escapeLiteral(t)} as name where exists (select 1 from ${qualified(t)}${where})`;
  });
  const { rows } = await client.query<{ name: string }>(probes.join(' union all '));
  return rows.map((r) => r.name).sort();
}
