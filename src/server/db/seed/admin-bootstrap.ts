/**
 * The first admin account. ADMIN_USERNAME/ADMIN_PASSWORD when set; otherwise "admin" with a generated
 * password, printed once on lines of its own (not inside a JSON log line, where nobody would find it) and written
 * to <dataDir>/admin-password.txt (mode 0600). Never a default password.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { admins } from '../schema/accounts';
import { hashPassword } from '../../modules/admins/passwords';
import { shownOnceBanner, writeOwnerOnlyFile } from './shown-once';

export interface BootstrapResult {
  created: boolean;
  username?: string;
  passwordFile?: string;
}

export async function ensureFirstAdmin(
  db: Db,
  opts: {
    dataDir: string;
    username?: string;
    password?: string;
    log: (msg: string) => void;
    /** Where the generated password is shown to the person starting the app (main.ts: stderr, plain text). */
    show?: (text: string) => void;
  },
): Promise<BootstrapResult> {
  // Demo reporters (writers) may exist already: what matters is that someone can run the site.
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(admins)
    .where(sql`${admins.role} = 'admin'`);
  if (count > 0) return { created: false };
  const username = opts.username ?? 'admin';
  const generated = opts.password === undefined;
  const password = opts.password ?? randomBytes(15).toString('base64url');
  const inserted = await db
    .insert(admins)
    .values({
      username,
      fullName: 'مدير الموقع',
      email: 'admin@localhost',
      role: 'admin',
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing()
    .returning({ id: admins.id });
  if (inserted.length === 0) return { created: false }; // another instance created it at the same moment
  if (!generated) {
    opts.log(`Created the admin account "${username}" from ADMIN_USERNAME/ADMIN_PASSWORD`);
    return { created: true, username };
  }
  const passwordFile = writeOwnerOnlyFile(
    opts.dataDir,
    'admin-password.txt',
    `username: ${username}\npassword: ${password}\n`,
  );
  opts.log(
    `Created the admin account "${username}" with a generated password (printed once; saved in ${passwordFile})`,
  );
  (opts.show ?? opts.log)(
    shownOnceBanner(
      'The first admin account',
      [`   username: ${username}`, `   password: ${password}`],
      passwordFile,
      'Sign in at /admin/login and choose your own under «تغيير كلمة المرور».',
    ),
  );
  return { created: true, username, passwordFile };
}
