import type { PasskeyItem } from '../../../shared/schemas/security';
import type { PasskeyRow } from './mfa.repository';

/** A passkey as its owner sees it: never its public key or credential id. */
export const presentPasskey = (p: PasskeyRow): PasskeyItem => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});
