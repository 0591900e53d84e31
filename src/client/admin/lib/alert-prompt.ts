/**
 * Sending a story to readers asks first: the mounted dialog (components/alert-dialog.tsx) shows whom each ticked
 * channel reaches and why one may not go now, and sends only once the editor confirms. Any screen asks through
 * requestAlert, after its own save has succeeded (a story is sent only once published).
 */
import type { AlertSource } from '../../../shared/schemas/alerts';

export interface AlertRequest {
  source: AlertSource;
  channels: string[];
  /** The story's title, as the question names it. */
  title: string;
}

type Ask = (request: AlertRequest) => Promise<boolean>;
let ask: Ask | undefined;

/** The dialog registers itself here. */
export function setAlertPrompt(fn: Ask | undefined): void {
  ask = fn;
}

/** Opens the confirmation; resolves true once sent, false when the editor chose not to (or it could not go). */
export function requestAlert(request: AlertRequest): Promise<boolean> {
  if (!ask || !request.channels.length) return Promise.resolve(false);
  return ask(request);
}
