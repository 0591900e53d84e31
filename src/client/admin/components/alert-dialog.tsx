/**
 * «إرسال إلى القراء»: the confirmation every alert goes through, whatever its channels (e-mail now, web push next).
 * It asks the server whom each ticked channel reaches now and whether it may go (sent already, too soon after the
 * last alert), says plainly when mail is not configured, and sends only on «إرسال»; the server refuses a send that
 * did not come through this confirmation.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AlertPreview } from '../../../shared/schemas/alerts';
import { RECIPIENTS } from '../../../shared/nouns';
import { formatCount } from '../../../shared/plural';
import { previewAlert, sendAlert } from '../api/alerts';
import { errorText } from '../api/client';
import { sendKeys } from '../api/sends';
import { setAlertPrompt, type AlertRequest } from '../lib/alert-prompt';
import { notify } from '../lib/notify';
import { Button, FormAlert, Loading, Modal } from './ui';

export function AlertDialog() {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<AlertRequest | null>(null);
  const [preview, setPreview] = useState<AlertPreview | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const settle = useRef<(sent: boolean) => void>(undefined);

  useEffect(() => {
    setAlertPrompt(
      (r) =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setRequest(r);
          setPreview(null);
          setError(undefined);
          previewAlert(r.source, r.channels).then(setPreview, (err) => setError(errorText(err, 'تعذّر حساب المستلمين')));
        }),
    );
    return () => setAlertPrompt(undefined);
  }, []);

  const finish = (sent: boolean) => {
    setRequest(null);
    settle.current?.(sent);
    settle.current = undefined;
  };

  const send = async () => {
    if (!request || !preview) return;
    setBusy(true);
    setError(undefined);
    try {
      const res = await sendAlert(request.source, request.channels, preview.confirmation);
      notify.success('بدأ الإرسال', res.message);
      void queryClient.invalidateQueries({ queryKey: sendKeys.all });
      finish(true);
    } catch (err) {
      setError(errorText(err, 'تعذّر الإرسال'));
    } finally {
      setBusy(false);
    }
  };

  const blocked = preview?.channels.some((c) => c.blocked) ?? false;
  const nobody = preview ? preview.channels.every((c) => c.audience === 0) : false;
  return (
    <Modal open={request !== null} title="إرسال إلى القراء" onClose={() => finish(false)}>
      {request && (
        <div className="space-y-4" data-testid="alert-dialog">
          <p className="leading-7">
            هل تريد إرسال «<bdi>{request.title}</bdi>» إلى القراء الآن؟ لا يمكن استرجاع الرسائل بعد وصولها.
          </p>
          {!preview && !error && <Loading text="جاري حساب المستلمين..." />}
          {preview && (
            <ul className="space-y-2">
              {preview.channels.map((c) => (
                <li key={c.name} className="rounded border border-slate-200 p-3 dark:border-slate-700">
                  <p className="font-bold">
                    {c.label}:{' '}
                    <span data-testid={`alert-audience-${c.name}`}>{formatCount(c.audience, RECIPIENTS)}</span>
                  </p>
                  {c.blocked && <p className="mt-1 text-sm font-bold text-red-700 dark:text-red-400">{c.blocked}</p>}
                  {c.note && (
                    <p className="mt-1 rounded bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
                      {c.note}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
          <FormAlert message={error} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => finish(false)}>
              لا ترسل
            </Button>
            <Button variant="danger" disabled={!preview || blocked || nobody || busy} onClick={() => void send()}>
              {busy ? 'جاري الإرسال...' : 'إرسال'}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
