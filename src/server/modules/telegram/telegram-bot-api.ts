/**
 * The one call we make to Telegram's Bot API: sendMessage (https://core.telegram.org/bots/api#sendmessage), as JSON
 * over fetch. No client library: grammY or node-telegram-bot-api would bring several packages (and their own fetch
 * and retry rules) for one POST; what we need of the answer is `ok`, the message id, `error_code`, `description` and
 * `parameters.retry_after`. TELEGRAM_API_URL points it at a local stand-in for tests (a self-hosted Bot API server
 * works too).
 */
export interface TelegramConfig {
  token: string;
  /** @channel_name or a chat id. */
  channel: string;
  apiUrl: string;
}

export type SendOutcome =
  | { ok: true; messageId: number | null }
  /** Worth trying again: Telegram asked us to wait (429), failed on its side (5xx), or could not be reached. */
  | { ok: false; retry: true; error: string; retryAfterS?: number }
  /** Refused for good (a bad token, a channel the bot may not post in, a malformed message): logged, not retried. */
  | { ok: false; retry: false; error: string };

interface BotApiAnswer {
  ok?: boolean;
  result?: { message_id?: number };
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export async function sendMessage(
  config: TelegramConfig,
  fetchImpl: typeof fetch,
  message: { html: string; previewUrl: string },
): Promise<SendOutcome> {
  let res: Response;
  try {
    res = await fetchImpl(`${config.apiUrl}/bot${config.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chat_id: config.channel,
        text: message.html,
        parse_mode: 'HTML',
        // The article's own preview (its Open Graph title, summary and picture), large, under the text.
        link_preview_options: { url: message.previewUrl, prefer_large_media: true },
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    return { ok: false, retry: true, error: `unreachable: ${(err as Error).message}` };
  }
  let answer: BotApiAnswer = {};
  try {
    answer = (await res.json()) as BotApiAnswer;
  } catch {
    /* not JSON (a proxy's error page): judged by the status alone */
  }
  if (res.ok && answer.ok) return { ok: true, messageId: answer.result?.message_id ?? null };
  const code = answer.error_code ?? res.status;
  const error = `${code}: ${answer.description ?? res.statusText}`;
  if (code === 429)
    return { ok: false, retry: true, error, retryAfterS: Number(answer.parameters?.retry_after) || undefined };
  if (code >= 500 || res.status >= 500) return { ok: false, retry: true, error };
  return { ok: false, retry: false, error };
}
