/**
 * Who the site's e-mails come from and where their links point: MAIL_FROM (the name defaults to the site's name),
 * else newsletter@ the public host; links and images at PUBLIC_URL (in development without it, localhost and the
 * port, which is where the developer's own browser opens the site).
 */
import type { MailConfig } from '../../config';
import type { MailSite } from './mail.templates';

export interface MailIdentity {
  site: MailSite;
  from: { name: string; address: string };
}

export function mailIdentity(deps: {
  mail: MailConfig;
  publicUrl: string | undefined;
  port: number;
  settings: () => Promise<{ siteName: string; contactEmail: string }>;
}): () => Promise<MailIdentity> {
  const origin = deps.publicUrl ?? `http://localhost:${deps.port}`;
  const given = deps.mail.from ? /^\s*(?:(.*?)\s*<\s*([^\s<>]+)\s*>|([^\s<>]+))\s*$/.exec(deps.mail.from) : null;
  const host = new URL(origin).hostname;
  const fallbackAddress = `newsletter@${/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host) && !/^[\d.]+$/.test(host) ? host : 'localhost'}`;
  return async () => {
    const s = await deps.settings();
    const name = (given?.[1] ?? '').replace(/^"|"$/g, '').trim() || s.siteName;
    return {
      site: { siteName: s.siteName, origin, contactEmail: s.contactEmail },
      from: { name, address: given?.[2] ?? given?.[3] ?? fallbackAddress },
    };
  };
}
