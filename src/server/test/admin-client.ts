/** Test helpers for the admin API: accounts, sign-in and same-origin calls with the session cookie. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { admins } from '../db/schema/accounts';
import { hashPassword } from '../modules/admins/passwords';

export const ORIGIN = 'http://localhost:80';

export async function addAdmin(
  db: Db,
  username: string,
  role: 'admin' | 'editor' | 'writer',
  password = 'secret-pass-1',
) {
  const [row] = await db
    .insert(admins)
    .values({
      username,
      fullName: `${username} الكامل`,
      email: `${username}@sahifa.ly`,
      role,
      passwordHash: await hashPassword(password),
    })
    .returning();
  return row!;
}

export async function login(app: FastifyInstance, username: string, password = 'secret-pass-1') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: ORIGIN },
    payload: { username, password },
  });
  const cookie = res.cookies.find((c) => c.name === 'sahifa_session');
  return { res, cookie: cookie ? `sahifa_session=${cookie.value}` : undefined, setCookie: cookie };
}

export function as(app: FastifyInstance, cookie: string | undefined) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

/**
 * A file uploaded to the media library as the admin screens send it (multipart/form-data, one part named "file"). A
 * `type` of null leaves the part without a Content-Type (what a browser sends for a file it cannot name).
 */
export function uploadFile(
  app: FastifyInstance,
  cookie: string,
  content: Buffer,
  { filename = 'a.png', type = 'image/png' as string | null } = {},
) {
  const boundary = '----sahifa';
  return app.inject({
    method: 'POST',
    url: '/api/admin/media',
    headers: { origin: ORIGIN, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          (type === null ? '' : `Content-Type: ${type}\r\n`) +
          '\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}
