/**
 * A start on DATABASE_URL while that PostgreSQL is not there yet (a machine booting both) or is wrongly named: the
 * server waits for it a while, saying so once, and otherwise stops with one line naming the address and the reason,
 * never the password.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/harness';
import { DatabaseUnreachableError, openDatabase, waitForDatabase } from './database';

/** A port nothing listens on (just freed). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** The test PostgreSQL's URL with another host:port, database and password. */
function urlAt(port: number, database: string, password = 'pw-never-shown-7') {
  const url = new URL(inject('pgAdminUrl'));
  url.host = `127.0.0.1:${port}`;
  url.pathname = `/${database}`;
  url.password = password;
  return url.toString();
}

describe('a start on DATABASE_URL', () => {
  it('waits for a PostgreSQL that is not up yet, then says where it is and why it gave up, without the password', async () => {
    const port = await closedPort();
    const lines: string[] = [];
    const started = Date.now();
    const err = await waitForDatabase(urlAt(port, 'sahifa'), 2000, (l) => lines.push(l)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseUnreachableError);
    const message = (err as Error).message;
    expect(message).toContain(`127.0.0.1:${port}/sahifa`);
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('ECONNREFUSED');
    expect(message).toContain('tried for 2 s (DATABASE_START_WAIT_S)');
    expect(message).not.toContain('pw-never-shown-7');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900); // it did wait, as long as it was told
    // Said once, not at every try.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Waiting for the database at 127.0.0.1:${port}/sahifa`);
  });

  it('goes on as soon as PostgreSQL comes up during the wait', async () => {
    const port = await closedPort();
    const real = new URL(inject('pgAdminUrl'));
    // PostgreSQL appearing at that address a second later: a plain TCP relay to the tests' own cluster.
    const relay = net.createServer((socket) => {
      const upstream = net.connect(Number(real.port), real.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    const opening = new Promise<void>((r) => setTimeout(() => relay.listen(port, '127.0.0.1', r), 1000));
    const lines: string[] = [];
    try {
      const url = new URL(inject('pgAdminUrl'));
      url.host = `127.0.0.1:${port}`;
      await waitForDatabase(url.toString(), 20_000, (l) => lines.push(l));
      await opening;
      expect(lines[0]).toContain('Waiting for the database');
      expect(lines.at(-1)).toBe(`The database at 127.0.0.1:${port}${url.pathname} accepts connections`);
    } finally {
      await opening;
      await new Promise((r) => relay.close(r));
    }
  });

  it('stops at once when PostgreSQL answers that the database is not there: waiting would not change it', async () => {
    const real = new URL(inject('pgAdminUrl'));
    const url = new URL(real);
    url.pathname = '/no_such_newsroom';
    const started = Date.now();
    const err = await waitForDatabase(url.toString(), 20_000, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseUnreachableError);
    expect((err as Error).message).toContain('no_such_newsroom');
    expect((err as Error).message).toContain('3D000');
    expect((err as Error).message).toContain('does not exist');
    expect((err as Error).message).toContain('Check the database name in DATABASE_URL');
    if (real.password) expect((err as Error).message).not.toContain(real.password);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops at once with the reason itself when the server cannot use it otherwise (TLS asked of a PostgreSQL without it)', async () => {
    const url = new URL(inject('pgAdminUrl'));
    url.searchParams.set('sslmode', 'require');
    const started = Date.now();
    const err = await waitForDatabase(url.toString(), 20_000, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseUnreachableError);
    expect((err as Error).message).toMatch(/could not be used: .*SSL/);
    expect((err as Error).message).toContain('sslmode');
    expect((err as Error).message).not.toContain('does not exist');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('is what openDatabase does with DATABASE_URL and DATABASE_START_WAIT_S', async () => {
    const port = await closedPort();
    const config = testConfig({ DATABASE_URL: urlAt(port, 'sahifa'), DATABASE_START_WAIT_S: '0' });
    await expect(openDatabase(config, () => {})).rejects.toThrow(
      new RegExp(`Cannot reach the database at 127\\.0\\.0\\.1:${port}/sahifa \\(DATABASE_URL\\)`),
    );
  });
});
