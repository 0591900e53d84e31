/**
 * Passkeys (WebAuthn) through @simplewebauthn/server, a kept library. A passkey signs in on its own (it is something
 * the person has, unlocked by something they are or know) or stands as the second factor after a password.
 * The relying party is PUBLIC_URL's host (or, without PUBLIC_URL, the host the panel is opened at: `localhost` in
 * development; WebAuthn refuses bare IP addresses). Every challenge is stored, answers once and lasts 5 minutes.
 */
import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Role } from '../../../shared/permissions';
import type { Actor, Writer } from '../../lib/write';
import type { AuthRepository } from '../auth/auth.repository';
import { mfaErrors } from './mfa.errors';
import type { MfaRepository, PasskeyRow } from './mfa.repository';
import type { MfaService } from './mfa.service';

const CHALLENGE_TTL_MS = 5 * 60_000;

/** Where the panel is: the relying party id (a host name) and the origin browsers report. */
export interface RelyingParty {
  id: string;
  origin: string;
}

export function passkeysService(deps: {
  repo: MfaRepository;
  auth: AuthRepository;
  mfa: MfaService;
  write: Writer;
  now: () => Date;
  siteName: () => Promise<string>;
}) {
  const { repo, auth, write, now } = deps;
  const expires = () => new Date(now().getTime() + CHALLENGE_TTL_MS);

  return {
    async registrationOptions(actor: Actor & { username: string; fullName?: string }, rp: RelyingParty) {
      const existing = await repo.listPasskeys(actor.id!);
      const options = await generateRegistrationOptions({
        rpName: await deps.siteName(),
        rpID: rp.id,
        userName: actor.username,
        userDisplayName: actor.fullName ?? actor.username,
        userID: new TextEncoder().encode(`sahifa-staff-${actor.id}`),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        // Discoverable, so that it can sign in without a username (and be offered by the browser's autofill).
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      const challengeId = randomUUID();
      await repo.saveChallenge({
        id: challengeId,
        challenge: options.challenge,
        adminId: actor.id,
        purpose: 'register',
        expiresAt: expires(),
      });
      return { challengeId, options };
    },

    async register(
      actor: Actor,
      sessionToken: string,
      input: { challengeId: string; name: string; response: RegistrationResponseJSON },
      rp: RelyingParty,
    ): Promise<PasskeyRow> {
      const challenge = await repo.takeChallenge(input.challengeId, 'register', now());
      if (!challenge || challenge.adminId !== actor.id) throw mfaErrors.passkeyFailed();
      const verified = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verified?.verified) throw mfaErrors.passkeyFailed();
      const { credential } = verified.registrationInfo;
      return write(actor, async (tx) => {
        const row = await repo.insertPasskey(
          {
            adminId: actor.id!,
            credentialId: credential.id,
            publicKey: credential.publicKey,
            counter: credential.counter,
            transports: credential.transports ?? [],
            name: input.name,
            at: now(),
          },
          tx,
        );
        await auth.completeStage(sessionToken, now(), tx);
        return {
          value: row,
          audit: {
            action: 'enable',
            entity: 'two_factor',
            entityId: actor.id,
            details: { method: 'passkey', name: input.name },
          },
          tags: [],
        };
      });
    },

    async remove(actor: Actor & { role: Role }, id: number): Promise<void> {
      await write(actor, async (tx) => {
        let row: PasskeyRow | undefined;
        await deps.mfa.removeFactor(actor, tx, async () => {
          row = await repo.deletePasskey(actor.id!, id, tx);
          if (!row) throw mfaErrors.passkeyNotFound();
        });
        return {
          value: undefined,
          audit: {
            action: 'disable',
            entity: 'two_factor',
            entityId: actor.id,
            details: { method: 'passkey', name: row!.name },
          },
          tags: [],
        };
      });
    },

    /**
     * Options for proving with a passkey: for `adminId`'s own passkeys (a second step, a re-authentication), or any
     * discoverable passkey of this site (signing in with a passkey alone).
     */
    async authenticationOptions(rp: RelyingParty, adminId: number | null) {
      const allow = adminId === null ? [] : await repo.listPasskeys(adminId);
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'preferred',
        allowCredentials: allow.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
      });
      const challengeId = randomUUID();
      await repo.saveChallenge({
        id: challengeId,
        challenge: options.challenge,
        adminId,
        purpose: 'authenticate',
        expiresAt: expires(),
      });
      return { challengeId, options };
    },

    /**
     * The account a passkey answer proves, with whether the authenticator verified its user (PIN, fingerprint):
     * required for a passkey that signs in alone. Counters must grow when the authenticator keeps one.
     */
    async verify(
      input: { challengeId: string; response: AuthenticationResponseJSON },
      rp: RelyingParty,
      expectAdminId: number | null,
    ): Promise<{ adminId: number; userVerified: boolean }> {
      const challenge = await repo.takeChallenge(input.challengeId, 'authenticate', now());
      if (!challenge || challenge.adminId !== expectAdminId) throw mfaErrors.passkeyFailed();
      const key = await repo.passkeyByCredential(input.response.id);
      if (!key || (expectAdminId !== null && key.adminId !== expectAdminId)) throw mfaErrors.passkeyFailed();
      const verified = await verifyAuthenticationResponse({
        response: input.response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: key.credentialId,
          publicKey: key.publicKey,
          counter: key.counter,
          transports: key.transports as never,
        },
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verified?.verified) throw mfaErrors.passkeyFailed();
      await repo.usePasskey(key.id, verified.authenticationInfo.newCounter, now());
      return { adminId: key.adminId, userVerified: verified.authenticationInfo.userVerified };
    },

    /** Hourly (the housekeeping job): challenges nobody answered in time. */
    housekeeping: () => repo.deleteExpiredChallenges(now()),
  };
}
export type PasskeysService = ReturnType<typeof passkeysService>;
