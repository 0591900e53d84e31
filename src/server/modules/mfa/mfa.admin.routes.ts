/**
 * A staff member's own second factors (open to a session held at enrolment), an admin's reset of someone else's,
 * and the policy. Removing a factor, renewing recovery codes, resetting and changing the policy are sensitive
 * (re-authentication within 10 minutes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okMessage } from '../../../shared/schemas/admin';
import { idParam } from '../../../shared/schemas/common';
import {
  codeInput,
  passkeyItem,
  passkeyRegistration,
  recoveryCodes,
  securitySettings,
  securitySettingsInput,
  totpSetup,
  twoFactorStatus,
  webauthnOptions,
} from '../../../shared/schemas/security';
import { actorOf, relyingPartyOf, sessionOf, sessionTokenOf } from '../../plugins/admin-api';
import { presentPasskey } from './mfa.presenter';
import type { AuthService } from '../auth/auth.service';
import type { MfaService } from './mfa.service';
import type { PasskeysService } from './passkeys.service';

const ENROLMENT = { enrolment: true } as const;
const SENSITIVE = { reauth: true } as const;
/**
 * Adding a second factor: open at enrolment, and sensitive otherwise (a stolen session cookie must not swap in its own
 * app or add a passkey that would then sign in alone).
 */
const ADDING = { enrolment: true, reauth: true } as const;

export function mfaAdminRoutes(
  mfa: MfaService,
  passkeys: PasskeysService,
  auth: AuthService,
  publicUrl: string | undefined,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/me/2fa', { config: ENROLMENT, schema: { response: { 200: twoFactorStatus } } }, async (req) => {
      const actor = actorOf(req);
      const status = await mfa.status(actor.id, actor.role);
      return {
        ...status,
        passkeys: status.passkeys.map(presentPasskey),
        verifiedAt: sessionOf(req).verifiedAt.toISOString(),
      };
    });
    app.post('/me/2fa/totp', { config: ADDING, schema: { response: { 200: totpSetup } } }, async (req) =>
      mfa.startTotp(actorOf(req)),
    );
    app.post(
      '/me/2fa/totp/confirm',
      { config: ADDING, schema: { body: codeInput, response: { 200: recoveryCodes } } },
      async (req) => {
        const actor = actorOf(req);
        // The first code is a check like any other: throttled and, when wrong, audited.
        const codes = await auth.checkCode(actor, req.ip, 'enrolment_code', () =>
          mfa.confirmTotp(actor, sessionTokenOf(req), req.body.code),
        );
        return { message: 'تم تفعيل التحقق بخطوتين', recoveryCodes: codes };
      },
    );
    app.delete('/me/2fa/totp', { config: SENSITIVE, schema: { response: { 200: okMessage } } }, async (req) => {
      await mfa.removeTotp(actorOf(req));
      return { message: 'تمت إزالة تطبيق المصادقة' };
    });
    app.post(
      '/me/2fa/recovery-codes',
      { config: SENSITIVE, schema: { response: { 200: recoveryCodes } } },
      async (req) => ({
        message: 'تم إنشاء رموز استرداد جديدة؛ الرموز السابقة لم تعد صالحة',
        recoveryCodes: await mfa.renewRecoveryCodes(actorOf(req)),
      }),
    );

    app.post('/me/passkeys/options', { config: ADDING, schema: { response: { 200: webauthnOptions } } }, async (req) =>
      passkeys.registrationOptions(actorOf(req), relyingPartyOf(req, publicUrl)),
    );
    app.post(
      '/me/passkeys',
      { config: ADDING, schema: { body: passkeyRegistration, response: { 201: passkeyItem } } },
      async (req, reply) =>
        reply
          .status(201)
          .send(
            presentPasskey(
              await passkeys.register(
                actorOf(req),
                sessionTokenOf(req),
                req.body as never,
                relyingPartyOf(req, publicUrl),
              ),
            ),
          ),
    );
    app.delete(
      '/me/passkeys/:id',
      { config: SENSITIVE, schema: { params: idParam, response: { 200: okMessage } } },
      async (req) => {
        await passkeys.remove(actorOf(req), req.params.id);
        return { message: 'تم حذف مفتاح المرور' };
      },
    );

    app.post(
      '/admins/:id/2fa/reset',
      {
        config: { permission: 'accounts.manage', ...SENSITIVE },
        schema: { params: idParam, response: { 200: okMessage } },
      },
      async (req) => {
        await mfa.reset(actorOf(req), req.params.id);
        return { message: 'أُعيد ضبط التحقق بخطوتين للحساب وأُنهيت جلساته' };
      },
    );

    app.get(
      '/security-settings',
      { config: { permission: 'settings.manage' }, schema: { response: { 200: securitySettings } } },
      async () => {
        const p = await mfa.policy();
        return { twoFactorRoles: p.roles, fromEnvironment: p.fromEnvironment };
      },
    );
    app.put(
      '/security-settings',
      {
        config: { permission: 'settings.manage', ...SENSITIVE },
        schema: { body: securitySettingsInput, response: { 200: securitySettings } },
      },
      async (req) => {
        const p = await mfa.setPolicy(actorOf(req), req.body.twoFactorRoles);
        return { twoFactorRoles: p.roles, fromEnvironment: p.fromEnvironment };
      },
    );
  };
}
