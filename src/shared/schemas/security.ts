/** The contract of staff sign-in security: second step, authenticator app, recovery codes, passkeys, policy. */
import { z } from 'zod';
import { ROLE_VALUES } from '../permissions';
import { adminUser } from './admin';

export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;

/**
 * SPEC's login answer for an account without a second factor (plus whether it must enrol one now); for an account
 * with one, the answer says a second step is needed and which methods it has.
 */
export const loginResponse = z.union([
  z.object({ message: z.string(), admin: adminUser, twoFactorSetupRequired: z.boolean() }),
  z.object({ message: z.string(), secondFactor: z.object({ methods: z.array(z.enum(SECOND_FACTOR_METHODS)) }) }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

const CODE_REQUIRED = 'أدخل رمز التحقق';
/** A 6-digit app code (spaces allowed) or a recovery code (xxxxx-xxxxx). */
export const codeInput = z.object({
  code: z.string({ error: CODE_REQUIRED }).trim().min(6, CODE_REQUIRED).max(20, 'رمز التحقق غير صحيح أو انتهت صلاحيته'),
});

/** A browser's WebAuthn answer (checked in full by @simplewebauthn/server) to the challenge named by its id. */
const webauthnJson = z
  .object({ id: z.string().max(1024), rawId: z.string().max(1024), type: z.literal('public-key') })
  .passthrough();
export const passkeyAnswer = z.object({ challengeId: z.uuid(), response: webauthnJson });
export const passkeyRegistration = passkeyAnswer.extend({
  name: z.string().trim().min(1, 'سمِّ مفتاح المرور (مثلاً: هاتفي)').max(60, 'الاسم 60 حرفاً على الأكثر'),
});
/** WebAuthn options made by @simplewebauthn/server, for @simplewebauthn/browser: passed through as they are. */
export const webauthnOptions = z.object({ challengeId: z.string(), options: z.unknown() });

export const totpSetup = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() });
export const recoveryCodes = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

export const passkeyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

export const twoFactorStatus = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkeyItem),
  /** The policy requires a second factor of this account's role. */
  required: z.boolean(),
  /** When the session last proved its owner (re-authentication lasts 10 minutes from it). */
  verifiedAt: z.string(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const reauthInput = z.union([
  z.object({ password: z.string().min(1, 'أدخل كلمة المرور').max(200) }).strict(),
  codeInput.strict(),
]);

export const securitySettings = z.object({
  twoFactorRoles: z.array(z.enum(ROLE_VALUES)),
  /** Set by STAFF_2FA_ROLES on the server: shown, not editable. */
  fromEnvironment: z.boolean(),
});
export type SecuritySettings = z.infer<typeof securitySettings>;
export const securitySettingsInput = z.object({ twoFactorRoles: z.array(z.enum(ROLE_VALUES)).max(3) });
