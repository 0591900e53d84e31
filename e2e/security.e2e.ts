/**
 * Staff sign-in security in Chromium, on a server of its own at http://localhost (passkeys refuse bare IP addresses)
 * with the default policy (admins and editors must use a second factor): the admin is sent to set one up right
 * after the password, enrols an authenticator app with a code computed here from the secret shown, signs in again
 * with a code, adds a passkey through Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain),
 * signs in with the passkey alone, is asked to prove who they are before a sensitive action, and removes the passkey.
 * Screenshots of every new screen at 360 and 1366 px, light and dark.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts } from '../src/server/db/embedded';
import { startServer, waitUntilUp, type Server } from '../src/server/test/server-process';
import { launch, SCREENSHOT_DIR } from './support/browser';

const ADMIN = { username: 'sec-admin', password: 'sec-password-1234' };
let server: Server;
let base: string;
let dataDir: string;
let pgPort: number;
let browser: Browser;
let secret: string;

const codeAt = (offsetSteps: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

async function sql(text: string, params: unknown[] = []) {
  const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/sahifa`,
  });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function context(
  opts: { width?: number; dark?: boolean; state?: Awaited<ReturnType<BrowserContext['storageState']>> } = {},
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({
    ...(opts.state ? { storageState: opts.state } : {}),
    baseURL: base,
    viewport: { width: opts.width ?? 1366, height: 900 },
    locale: 'ar-LY',
    timezoneId: 'Africa/Tripoli',
    colorScheme: opts.dark ? 'dark' : 'light',
  });
  const page = await ctx.newPage();
  page.on('dialog', (d) => void d.accept());
  return { ctx, page };
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** The page as it stands (a dialog open, codes shown) at 360 and 1366 px, light and dark; then back as it was. */
async function shootVariants(page: Page, name: string) {
  const size = page.viewportSize()!;
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  for (const width of [360, 1366])
    for (const dark of [false, true]) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
      await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), dark);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
      await shoot(page, `security-${name}-${width}-${dark ? 'dark' : 'light'}`);
    }
  await page.setViewportSize(size);
  await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), wasDark);
}

/** Every width and theme of one screen, reached by `open` in a fresh signed-in copy of `state`. */
async function shootAll(
  name: string,
  state: Awaited<ReturnType<BrowserContext['storageState']>>,
  open: (p: Page) => Promise<void>,
) {
  for (const width of [360, 1366])
    for (const dark of [false, true]) {
      const ctx = await browser.newContext({
        baseURL: base,
        viewport: { width, height: 900 },
        locale: 'ar-LY',
        timezoneId: 'Africa/Tripoli',
        colorScheme: dark ? 'dark' : 'light',
        storageState: state,
      });
      const page = await ctx.newPage();
      await open(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
      await shoot(page, `security-${name}-${width}-${dark ? 'dark' : 'light'}`);
      await ctx.close();
    }
}

async function passwordStep(page: Page) {
  await page.goto('/admin/login', { waitUntil: 'networkidle' });
  await page.fill('#username', ADMIN.username);
  await page.fill('#password', ADMIN.password);
  await page.click('button[type=submit]');
}

beforeAll(async () => {
  const [port, dbPort] = await freePorts(2);
  pgPort = dbPort!;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-e2e-security-'));
  base = `http://localhost:${port}`;
  server = startServer(port!, {
    dataDir,
    env: {
      PUBLIC_URL: base,
      EMBEDDED_PG_PORT: String(pgPort),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // The settings' policy, whose default makes admins and editors use a second factor.
      STAFF_2FA_ROLES: '',
    },
  });
  await waitUntilUp(port!, server, 90_000);
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
  await server?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('staff sign-in security', () => {
  let state: Awaited<ReturnType<BrowserContext['storageState']>>;

  it('sends the admin to set up a second factor, enrols an app with a computed code, and shows the recovery codes once', async () => {
    const { ctx, page } = await context();
    await passwordStep(page);
    await page.waitForSelector('[data-testid=security-setup]');
    // Nothing else opens: the dashboard address still shows the set-up screen.
    await page.goto('/admin/news', { waitUntil: 'networkidle' });
    await page.waitForSelector('[data-testid=security-setup]');
    state = await ctx.storageState();
    await shootAll('setup', state, async (p) => {
      await p.goto('/admin/dashboard', { waitUntil: 'networkidle' });
      await p.waitForSelector('[data-testid=security-setup]');
    });

    await page.getByRole('button', { name: 'إعداد تطبيق المصادقة' }).click();
    secret = (await page.locator('[data-testid=totp-secret]').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect
      .poll(() => page.locator('img[alt^="رمز QR"]').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await shootVariants(page, 'setup-qr');
    await page.fill('#totp-code', '000000');
    await page.getByRole('button', { name: 'تفعيل' }).click();
    await expect.poll(() => page.locator('#totp-code-error').innerText()).toBe('رمز التحقق غير صحيح أو انتهت صلاحيته');
    await page.fill('#totp-code', codeAt(0));
    await page.getByRole('button', { name: 'تفعيل' }).click();
    const codes = page.locator('[data-testid=recovery-codes] li');
    await expect.poll(() => codes.count()).toBe(10);
    await shootVariants(page, 'recovery-codes');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'تنزيل كملف نصي' }).click();
    const file = await (await download).path();
    expect(fs.readFileSync(file!, 'utf8')).toContain(await codes.first().innerText());
    await page.getByRole('button', { name: 'حفظتُ الرموز' }).click();
    await page.getByRole('button', { name: 'متابعة إلى لوحة التحكم' }).click();
    // The setup screen gives way to the dashboard. Waiting for the text «لوحة التحكم» alone raced: the button just
    // pressed says it too, so the check could run before the screen changed (seen once in CI).
    await expect.poll(() => page.locator('[data-testid=security-setup]').count(), { timeout: 10_000 }).toBe(0);
    await page.waitForSelector('text=لوحة التحكم');
    await ctx.close();
  });

  it('signs in with the password and then a code from the app', async () => {
    const { ctx, page } = await context({ width: 360 });
    await passwordStep(page);
    await page.waitForSelector('#code');
    await shootVariants(page, 'second-step');
    await page.fill('#code', '111111');
    await page.getByRole('button', { name: 'تحقق' }).click();
    await expect.poll(() => page.locator('#code-error').innerText()).toBe('رمز التحقق غير صحيح أو انتهت صلاحيته');
    // The code of the next 30 s (the one enrolment used cannot be used again).
    await page.fill('#code', codeAt(1));
    await page.getByRole('button', { name: 'تحقق' }).click();
    await page.waitForURL('**/admin/dashboard');
    state = await ctx.storageState();
    await ctx.close();
  });

  it('adds a passkey with Chromium’s virtual authenticator, uses it as the second step and alone, and removes it', async () => {
    const { ctx, page } = await context({ state });
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    /** Whether the authenticator answers by itself (as a person touching it would). */
    const presence = (enabled: boolean) =>
      cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
    await page.goto('/admin/profile', { waitUntil: 'networkidle' });
    await page.fill('#passkey-name', 'حاسوب المكتب');
    await page.getByRole('button', { name: 'إضافة مفتاح مرور' }).click();
    await expect.poll(() => page.locator('[data-testid=passkeys]').innerText()).toContain('حاسوب المكتب');
    expect((await sql('select name, counter, transports from passkeys'))[0]).toMatchObject({ name: 'حاسوب المكتب' });

    // After the password, the passkey can be the second step. (The authenticator waits meanwhile: the login page
    // offers the passkey in the username field's suggestions, which would otherwise be taken at once.)
    await page.evaluate(() => fetch('/api/admin/logout', { method: 'POST', credentials: 'include' }));
    await presence(false);
    await passwordStep(page);
    await presence(true);
    await page.getByRole('button', { name: 'التحقق بمفتاح مرور' }).click();
    await page.waitForURL('**/admin/dashboard');
    const passkeyLogins = async () =>
      (
        await sql("select count(*)::int as n from audit_log where action = 'login' and details->>'method' = 'passkey'")
      )[0].n;
    expect(await passkeyLogins()).toBe(1);
    const pending = await sql("select count(*)::int as n from sessions where stage = 'second_factor'");
    expect(pending[0].n).toBe(0); // the pending session gave way to a whole one

    // Signed out, the passkey alone signs in: no username, no password. The login page asks the browser for this
    // site's passkeys as soon as it opens (conditional UI), and the authenticator's answer signs in.
    await page.evaluate(() => fetch('/api/admin/logout', { method: 'POST', credentials: 'include' }));
    await page.goto('/admin/login');
    await page.waitForURL('**/admin/dashboard');
    const used = await sql('select last_used_at from passkeys');
    expect(used[0].last_used_at).not.toBeNull();
    expect(await passkeyLogins()).toBe(2);

    // A sensitive action more than 10 minutes after proving who one is asks again, then goes through.
    await sql("update sessions set verified_at = now() - interval '11 minutes'");
    await page.goto('/admin/profile', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'حذف مفتاح المرور: حاسوب المكتب' }).click();
    await page.waitForSelector('role=dialog[name="تأكيد الهوية"]');
    await shootVariants(page, 'reauth');
    await page.fill('#reauth-value', 'wrong-password');
    await page.getByRole('button', { name: 'تأكيد', exact: true }).click();
    await expect.poll(() => page.locator('#reauth-value-error').innerText()).toBe('كلمة المرور غير صحيحة');
    await page.fill('#reauth-value', ADMIN.password);
    await page.getByRole('button', { name: 'تأكيد', exact: true }).click();
    await expect.poll(() => page.locator('[data-testid=passkeys]').count()).toBe(0);
    expect(await sql('select id from passkeys')).toHaveLength(0);
    state = await ctx.storageState();
    await ctx.close();
  });

  it('shows the profile, the users screen and the policy at 360 and 1366 px, light and dark', async () => {
    await shootAll('profile', state, async (p) => {
      await p.goto('/admin/profile', { waitUntil: 'networkidle' });
      await p.waitForSelector('[data-testid=two-factor]');
    });
    await shootAll('settings', state, async (p) => {
      await p.goto('/admin/settings', { waitUntil: 'networkidle' });
      await p.waitForSelector('text=الأدوار التي يلزمها التحقق بخطوتين');
    });
    await shootAll('users', state, async (p) => {
      await p.goto('/admin/users', { waitUntil: 'networkidle' });
      await p.waitForSelector(`[aria-label="رفع قفل الدخول عن ${ADMIN.username}"]`);
    });
    await shootAll('login', { cookies: [], origins: [] }, async (p) => {
      await p.goto('/admin/login', { waitUntil: 'networkidle' });
      await p.waitForSelector('text=الدخول بمفتاح مرور');
    });
  });
});
