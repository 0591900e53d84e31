/**
 * Staff sign-in security through the API: an authenticator app, recovery codes, the policy, an admin's reset,
 * re-authentication, and throttling that slows guessing without locking the owner out.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAdmin, as, ORIGIN } from '../../test/admin-client';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';

let clock = Date.parse('2026-11-25T09:00:00Z');
const now = () => new Date(clock);
const advance = (ms: number) => (clock += ms);

/** The code an authenticator app shows for `secret` at the test clock's time (+ `steps` × 30 s). */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: clock + steps * 30_000,
  });

let t: TestApp;
beforeAll(async () => {
  // The settings' policy (no STAFF_2FA_ROLES): admins and editors must use a second factor.
  t = await createTestApp({ config: testConfig({ STAFF_2FA_ROLES: '' }), now });
  await addAdmin(t.database.db, 'chief', 'admin');
  for (const name of ['ed-new', 'ed-app', 'ed-reset', 'ed-replay', 'ed-guess'])
    await addAdmin(t.database.db, name, 'editor');
  for (const name of ['wr-one', 'wr-owner', 'wr-pw', 'wr-sessions', 'wr-enrol'])
    await addAdmin(t.database.db, name, 'writer');
});
afterAll(() => t.close());

interface SignIn {
  status: number;
  body: Record<string, unknown>;
  cookie: string | undefined;
  device: string | undefined;
}

async function signIn(username: string, password = 'secret-pass-1', address = '127.0.0.1', device?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: ORIGIN, 'user-agent': UA, ...(device ? { cookie: device } : {}) },
    payload: { username, password },
    remoteAddress: address,
  });
  return outcome(res);
}

function outcome(res: Awaited<ReturnType<TestApp['app']['inject']>>): SignIn {
  const session = res.cookies.find((c) => c.name === 'sahifa_session');
  const device = res.cookies.find((c) => c.name === 'sahifa_device');
  return {
    status: res.statusCode,
    body: res.json(),
    cookie: session ? `sahifa_session=${session.value}` : undefined,
    device: device ? `sahifa_device=${device.value}` : undefined,
  };
}

const secondStep = async (cookie: string | undefined, code: string, address = '127.0.0.1') =>
  outcome(
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/code',
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: { code },
      remoteAddress: address,
    }),
  );

const UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** Turns the authenticator app on for a signed-in session; its secret and recovery codes. */
async function enrolApp(cookie: string) {
  const call = as(t.app, cookie);
  const setup = await call('POST', '/api/admin/me/2fa/totp');
  expect(setup.statusCode).toBe(200);
  const { secret, uri, qrSvg } = setup.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(qrSvg).toContain('<svg');
  const wrong = await call('POST', '/api/admin/me/2fa/totp/confirm', { code: '000000' });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().message).toBe('رمز التحقق غير صحيح أو انتهت صلاحيته');
  const confirmed = await call('POST', '/api/admin/me/2fa/totp/confirm', { code: codeFor(secret) });
  expect(confirmed.statusCode).toBe(200);
  const codes: string[] = confirmed.json().recoveryCodes;
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  return { secret: secret as string, codes };
}

const auditActions = async (username: string) =>
  (
    await t.database.pool.query('select action from audit_log where admin_username = $1 order by id', [username])
  ).rows.map((r) => r.action as string);

describe('the policy', () => {
  it('sends an editor without a second factor to set one up, and lets them do nothing else until done', async () => {
    const first = await signIn('ed-new');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'تم تسجيل الدخول بنجاح', twoFactorSetupRequired: true });
    const call = as(t.app, first.cookie);
    const news = await call('GET', '/api/admin/news');
    expect(news.statusCode).toBe(403);
    expect(news.json()).toMatchObject({
      code: 'TWO_FACTOR_SETUP_REQUIRED',
      message: 'يجب تفعيل التحقق بخطوتين لحسابك قبل المتابعة',
    });
    expect((await call('GET', '/api/admin/session')).json().twoFactorSetupRequired).toBe(true);
    expect((await call('GET', '/api/admin/me/2fa')).json()).toMatchObject({ totp: false, required: true });

    await enrolApp(first.cookie!);
    // The same session is whole now.
    expect((await call('GET', '/api/admin/news')).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/session')).json().twoFactorSetupRequired).toBe(false);
    expect(await auditActions('ed-new')).toContain('enable');
  });

  it('keeps SPEC’s answer for a writer, whom the default policy does not cover', async () => {
    const res = await signIn('wr-one');
    expect(res.body).toMatchObject({
      message: 'تم تسجيل الدخول بنجاح',
      admin: { username: 'wr-one' },
      twoFactorSetupRequired: false,
    });
    expect((await as(t.app, res.cookie)('GET', '/api/admin/news')).statusCode).toBe(200);
  });

  it('lets an admin require it of writers too, and says when the environment sets it instead', async () => {
    const chief = await signIn('chief');
    await enrolApp(chief.cookie!);
    const call = as(t.app, chief.cookie);
    expect((await call('GET', '/api/admin/security-settings')).json()).toEqual({
      twoFactorRoles: ['admin', 'editor'],
      fromEnvironment: false,
    });
    const put = await call('PUT', '/api/admin/security-settings', { twoFactorRoles: ['admin', 'editor', 'writer'] });
    expect(put.statusCode).toBe(200);
    expect((await signIn('wr-one')).body.twoFactorSetupRequired).toBe(true);
    await call('PUT', '/api/admin/security-settings', { twoFactorRoles: ['admin', 'editor'] });
    expect((await signIn('wr-one')).body.twoFactorSetupRequired).toBe(false);

    const fixed = await createTestApp({ config: testConfig({ STAFF_2FA_ROLES: 'admin' }) });
    try {
      await addAdmin(fixed.database.db, 'boss', 'admin');
      const res = await fixed.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { origin: ORIGIN },
        payload: { username: 'boss', password: 'secret-pass-1' },
      });
      const cookie = `sahifa_session=${res.cookies.find((c) => c.name === 'sahifa_session')!.value}`;
      expect(res.json().twoFactorSetupRequired).toBe(true);
      // Enrol (with this app's own clock: real time) then look at the policy.
      const setup = (await as(fixed.app, cookie)('POST', '/api/admin/me/2fa/totp')).json();
      const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
      expect((await as(fixed.app, cookie)('POST', '/api/admin/me/2fa/totp/confirm', { code })).statusCode).toBe(200);
      expect((await as(fixed.app, cookie)('GET', '/api/admin/security-settings')).json()).toEqual({
        twoFactorRoles: ['admin'],
        fromEnvironment: true,
      });
      const refused = await as(fixed.app, cookie)('PUT', '/api/admin/security-settings', { twoFactorRoles: [] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('POLICY_SET_BY_ENVIRONMENT');
    } finally {
      await fixed.close();
    }
  });
});

describe('signing in with a second factor', () => {
  it('asks for the code after the password, and accepts an app code once only', async () => {
    const first = await signIn('ed-app');
    const { secret } = await enrolApp(first.cookie!);
    advance(60_000);

    const pending = await signIn('ed-app');
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({
      message: 'أدخل رمز التحقق لإكمال تسجيل الدخول',
      secondFactor: { methods: ['totp', 'recovery'] },
    });
    // The password alone opens nothing.
    expect((await as(t.app, pending.cookie)('GET', '/api/admin/session')).statusCode).toBe(401);
    expect((await secondStep(pending.cookie, '123456')).status).toBe(400);

    // A small clock drift is tolerated: the code of the previous 30 s still works.
    const done = await secondStep(pending.cookie, codeFor(secret, -1));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: 'تم تسجيل الدخول بنجاح', admin: { username: 'ed-app' } });
    expect(done.cookie).not.toBe(pending.cookie); // a new session id after the second step
    expect((await as(t.app, done.cookie)('GET', '/api/admin/news')).statusCode).toBe(200);
    expect((await as(t.app, pending.cookie)('GET', '/api/admin/session')).statusCode).toBe(401);
  });

  it('refuses a code replayed within its window, and a code two steps off', async () => {
    const first = await signIn('ed-replay');
    const { secret } = await enrolApp(first.cookie!);
    advance(30_000);
    const code = codeFor(secret);
    expect((await secondStep((await signIn('ed-replay')).cookie, code)).status).toBe(200);
    const replay = await secondStep((await signIn('ed-replay')).cookie, code);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('CODE_INVALID');
    expect((await secondStep((await signIn('ed-replay')).cookie, codeFor(secret, 3))).status).toBe(400);
  });

  it('takes a recovery code once only, and audits its use', async () => {
    const first = await signIn('ed-reset');
    const { codes } = await enrolApp(first.cookie!);
    expect((await secondStep((await signIn('ed-reset')).cookie, codes[0]!.toUpperCase())).status).toBe(200);
    expect((await secondStep((await signIn('ed-reset')).cookie, codes[0]!)).status).toBe(400);
    expect(await auditActions('ed-reset')).toContain('recovery_used');
    const status = await as(t.app, (await secondStep((await signIn('ed-reset')).cookie, codes[1]!)).cookie)(
      'GET',
      '/api/admin/me/2fa',
    );
    expect(status.json().recoveryCodesLeft).toBe(8);
  });

  it('throttles wrong codes per account like passwords', async () => {
    const first = await signIn('ed-guess');
    const { secret } = await enrolApp(first.cookie!);
    const pending = await signIn('ed-guess');
    for (let i = 0; i < 5; i++) expect((await secondStep(pending.cookie, `00000${i}`)).status).toBe(400);
    const blocked = await secondStep(pending.cookie, codeFor(secret, 1));
    expect(blocked.status).toBe(429);
    // A right password again does not wipe the count of wrong codes.
    expect((await secondStep((await signIn('ed-guess')).cookie, codeFor(secret, 1))).status).toBe(429);
    const steps = await t.database.pool.query(
      "select details->>'step' as step from audit_log where admin_username = 'ed-guess' and action = 'login_failed'",
    );
    // Five at the second step (and the one wrong first code of the enrolment above).
    expect(steps.rows.filter((r) => r.step === 'second_factor')).toHaveLength(5);
  });

  it('throttles the first code of an enrolment too, and audits the wrong ones', async () => {
    const me = await signIn('wr-enrol');
    const call = as(t.app, me.cookie);
    const { secret: pending } = (await call('POST', '/api/admin/me/2fa/totp')).json();
    for (let i = 0; i < 5; i++)
      expect((await call('POST', '/api/admin/me/2fa/totp/confirm', { code: `00000${i}` })).statusCode).toBe(400);
    const blocked = await call('POST', '/api/admin/me/2fa/totp/confirm', { code: codeFor(pending) });
    expect(blocked.statusCode).toBe(429);
    expect((await auditActions('wr-enrol')).filter((a) => a === 'login_failed')).toHaveLength(5);
    expect((await call('GET', '/api/admin/me/2fa')).json().totp).toBe(false);
  });
});

describe('an admin’s reset and re-authentication', () => {
  it('resets another account’s second factor, ending its sessions, never the admin’s own', async () => {
    const chief = await signIn('chief');
    const chiefDone = await secondStepWithApp('chief', chief.cookie);
    const editor = await signIn('ed-new');
    expect(editor.body.secondFactor).toBeDefined();
    const edId = (await t.database.pool.query("select id from admins where username = 'ed-new'")).rows[0].id;
    const chiefId = (await t.database.pool.query("select id from admins where username = 'chief'")).rows[0].id;
    const call = as(t.app, chiefDone);
    expect((await call('POST', `/api/admin/admins/${chiefId}/2fa/reset`)).json().code).toBe('NOT_ON_OWN_ACCOUNT');
    const reset = await call('POST', `/api/admin/admins/${edId}/2fa/reset`);
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.database.pool.query('select count(*)::int n from sessions where admin_id = $1', [edId])).rows[0].n,
    ).toBe(0);
    expect(await auditActions('chief')).toContain('reset');
    // Next time, the editor is sent to set one up again.
    expect((await signIn('ed-new')).body.twoFactorSetupRequired).toBe(true);
  });

  it('asks again for the password or a code after 10 minutes before a sensitive action', async () => {
    const chief = await secondStepWithApp('chief', (await signIn('chief')).cookie);
    const call = as(t.app, chief);
    const writerId = (await t.database.pool.query("select id from admins where username = 'wr-one'")).rows[0].id;
    expect((await call('PUT', `/api/admin/admins/${writerId}/password`, { password: 'new-pass-1' })).statusCode).toBe(
      200,
    );
    advance(11 * 60_000);
    for (const [method, url, body] of [
      ['PUT', `/api/admin/admins/${writerId}/password`, { password: 'new-pass-2' }],
      [
        'POST',
        '/api/admin/admins',
        { username: 'newbie', fullName: 'جديد', email: 'n@sahifa.ly', password: 'secret-1', roleName: 'admin' },
      ],
      ['PUT', '/api/admin/security-settings', { twoFactorRoles: ['admin'] }],
      ['POST', `/api/admin/admins/${writerId}/2fa/reset`],
      ['GET', '/api/admin/newsletter/export.csv'],
      ['POST', '/api/admin/me/2fa/recovery-codes'],
      // Adding a factor too: a stolen cookie must not swap in its own app or add a passkey of its own.
      ['POST', '/api/admin/me/2fa/totp'],
      ['POST', '/api/admin/me/passkeys/options'],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'REAUTH_REQUIRED',
        message: 'لحماية الحساب، أكّد هويتك مرة أخرى قبل هذا الإجراء',
      });
    }
    // Ordinary work goes on without asking.
    expect((await call('GET', '/api/admin/news')).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/me/reauth', { password: 'wrong-one' })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/me/reauth', { password: 'secret-pass-1' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/admins/${writerId}/password`, { password: 'new-pass-3' })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/admin/newsletter/export.csv')).statusCode).toBe(200);
    advance(11 * 60_000);
    const secret = await secretOf('chief');
    expect((await call('POST', '/api/admin/me/reauth', { code: codeFor(secret) })).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/me/2fa/recovery-codes')).json().recoveryCodes).toHaveLength(10);
  });
});

describe('throttling that an outsider cannot turn against the owner', () => {
  it('slows one address’s guesses at an account, while its owner elsewhere signs in', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('wr-owner', 'bad-guess', '198.51.100.7')).status).toBe(401);
    const slowed = await signIn('wr-owner', 'secret-pass-1', '198.51.100.7');
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toBe('تم تجاوز عدد محاولات الدخول المسموح بها، يرجى المحاولة بعد 15 دقيقة');
    expect((await signIn('wr-owner', 'secret-pass-1', '203.0.113.9')).status).toBe(200);
    // The wait backs off: one minute after the fifth failure, then two after the sixth.
    advance(61_000);
    expect((await signIn('wr-owner', 'bad-guess', '198.51.100.7')).status).toBe(401);
    advance(61_000);
    expect((await signIn('wr-owner', 'secret-pass-1', '198.51.100.7')).status).toBe(429);
    advance(61_000);
    expect((await signIn('wr-owner', 'secret-pass-1', '198.51.100.7')).status).toBe(200);
  });

  it('locks an account guessed at from many addresses only for strangers; the owner’s browser and an admin unlock it', async () => {
    advance(16 * 60_000); // the last test's guesses are out of the window
    const known = await signIn('wr-owner', 'secret-pass-1', '10.1.1.1');
    expect(known.device).toBeDefined();
    for (let i = 0; i < 50; i++) expect((await signIn('wr-owner', `guess-${i}`, `192.0.2.${i + 1}`)).status).toBe(401);
    expect((await signIn('wr-owner', 'secret-pass-1', '192.0.2.200')).status).toBe(429); // a stranger, even right
    expect((await signIn('wr-owner', 'secret-pass-1', '192.0.2.201', known.device)).status).toBe(200);
    expect((await signIn('wr-owner', 'secret-pass-1', '10.1.1.1')).status).toBe(200); // an address it used before
    const actions = await auditActions('wr-owner');
    expect(actions.filter((a) => a === 'login_failed').length).toBeGreaterThanOrEqual(50);
    expect(actions).toContain('lock');

    const chief = await secondStepWithApp('chief', (await signIn('chief')).cookie);
    const ownerId = (await t.database.pool.query("select id from admins where username = 'wr-owner'")).rows[0].id;
    expect((await as(t.app, chief)('POST', `/api/admin/admins/${ownerId}/unlock`)).statusCode).toBe(200);
    expect((await signIn('wr-owner', 'secret-pass-1', '192.0.2.202')).status).toBe(200);
  });

  it('throttles the current-password check of a signed-in session (a stolen cookie guesses no faster)', async () => {
    const me = await signIn('wr-pw');
    const call = as(t.app, me.cookie);
    for (let i = 0; i < 5; i++) {
      const res = await call('PUT', '/api/admin/me/password', {
        currentPassword: `wrong-${i}`,
        password: 'new-pass-1',
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await call('PUT', '/api/admin/me/password', {
      currentPassword: 'secret-pass-1',
      password: 'new-pass-1',
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('takes the same time for an unknown username as for a known one (same order of magnitude)', async () => {
    const timed = async (username: string, i: number) => {
      const start = performance.now();
      const res = await signIn(username, 'not-the-password', `100.64.${i}.1`);
      expect(res.status).toBe(401);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await timed('wr-sessions', i));
      unknown.push(await timed(`nobody-${i}`, 100 + i));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });
});

describe('sessions', () => {
  it('lists each session’s device, address and last use, and ends all the others', async () => {
    const a = await signIn('wr-sessions', 'secret-pass-1', '10.2.2.2');
    await signIn('wr-sessions', 'secret-pass-1', '10.2.2.3');
    const list = (await as(t.app, a.cookie)('GET', '/api/admin/me/sessions')).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ device: 'Chrome على Android' });
    expect(list.map((s: { address: string }) => s.address).sort()).toEqual(['10.2.2.2', '10.2.2.3']);
    expect((await as(t.app, a.cookie)('DELETE', '/api/admin/me/sessions')).statusCode).toBe(200);
    const after = (await as(t.app, a.cookie)('GET', '/api/admin/me/sessions')).json();
    expect(after).toHaveLength(1);
    expect(after[0].current).toBe(true);
  });
});

const secrets = new Map<string, string>();
async function secretOf(username: string): Promise<string> {
  const row = await t.database.pool.query('select totp_secret from admins where username = $1', [username]);
  secrets.set(username, row.rows[0].totp_secret);
  return row.rows[0].totp_secret;
}
/** Completes a pending sign-in with the account's app code of a fresh 30-second step. */
async function secondStepWithApp(username: string, pendingCookie: string | undefined): Promise<string> {
  advance(30_000);
  const done = await secondStep(pendingCookie, codeFor(await secretOf(username)));
  expect(done.status).toBe(200);
  return done.cookie!;
}
