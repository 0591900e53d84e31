/**
 * What the logs may hold. A failed statement's parameters can be anything a user or an admin sent (a password's
 * hash, an e-mail address, a token): errors are logged with their SQL text but never their parameters, which
 * drizzle puts both in a `params` field and at the end of the message.
 */
import pino from 'pino';

const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*$/;

type Serialized = Record<string, unknown> & { message?: string; cause?: unknown; params?: unknown };

function redact(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 5) return value;
  const out: Serialized = { ...(value as Serialized) };
  if ('params' in out) out.params = '[redacted]';
  if (typeof out.message === 'string') out.message = out.message.replace(PARAMS_IN_MESSAGE, '\nparams: [redacted]');
  if (typeof out.stack === 'string') out.stack = out.stack.replace(/\nparams: [^\n]*/, '\nparams: [redacted]');
  if (out.cause) out.cause = redact(out.cause, depth + 1);
  return out;
}

/** pino's error serializer, without statement parameters. */
export const errSerializer = (err: Error) => redact(pino.stdSerializers.err(err)) as pino.SerializedError;

export const LOG_SERIALIZERS = { err: errSerializer, error: errSerializer };

/**
 * The server's logger: JSON lines (one object a line, for a log collector) in production or when the output is a
 * file or a pipe; readable coloured lines (pino-pretty, in a worker thread) when a person runs it in a terminal
 * outside production.
 */
export function createLogger(config: { env: string; logLevel: string }): pino.Logger {
  const level = config.logLevel;
  const pretty = config.env !== 'production' && process.stdout.isTTY === true;
  return pino({
    level,
    serializers: LOG_SERIALIZERS,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}

/**
 * Node's last resort, logged. These are never how an error is handled: every failure (the database lost, a flush,
 * a job) is caught where it happens, and one reaching here is a bug to fix, so it is logged loudly with its stack.
 * A rejection nobody awaited leaves the process sound and it goes on serving; an uncaught exception may have left
 * anything half-done, so after logging it the process exits (1) and its supervisor (the cluster's primary, systemd,
 * a container runtime) starts a clean one.
 */
export function logProcessFaults(logger: pino.Logger): void {
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandledRejection: a promise failed with nobody to handle it (a bug)');
  });
  process.on('uncaughtException', (err, origin) => {
    logger.fatal({ err, origin }, 'uncaughtException: exiting (a bug)');
    logger.flush?.();
    process.exit(1);
  });
}
