/**
 * The channels a story can also be sent on when it is published («إرسال بالبريد», and web push when it exists): one
 * checkbox each, from the server's list. Nothing is sent by ticking: the confirmation (alert-dialog.tsx) comes after
 * the save. A story already published has a button instead.
 */
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import type { AlertSource } from '../../../shared/schemas/alerts';
import { alertChannelsQuery } from '../api/alerts';
import { requestAlert } from '../lib/alert-prompt';
import { Button } from './ui';

export function AlertChannelsField({
  value,
  onChange,
  disabled,
}: {
  value: string[];
  onChange: (channels: string[]) => void;
  disabled?: boolean;
}) {
  const channels = useQuery(alertChannelsQuery());
  if (!channels.data?.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1" data-testid="alert-channels">
      {channels.data.map((c) => (
        <label key={c.name} className="flex items-center gap-2 text-sm font-bold" title={c.note ?? undefined}>
          <input
            type="checkbox"
            className="size-4"
            disabled={disabled}
            checked={value.includes(c.name)}
            onChange={(e) => onChange(e.target.checked ? [...value, c.name] : value.filter((n) => n !== c.name))}
          />
          {c.label}
          {!c.configured && <span className="text-xs font-normal text-amber-700 dark:text-amber-300">(غير مُعدّ)</span>}
        </label>
      ))}
    </div>
  );
}

/** For a story that is out already: every channel, through the same confirmation. */
export function SendAlertButton({ source, title }: { source: AlertSource; title: string }) {
  const channels = useQuery(alertChannelsQuery());
  if (!channels.data?.length) return null;
  return (
    <Button
      variant="secondary"
      onClick={() => void requestAlert({ source, channels: channels.data.map((c) => c.name), title })}
    >
      <Send className="size-4" aria-hidden="true" /> إرسال إلى القراء…
    </Button>
  );
}
