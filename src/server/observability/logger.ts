import pino, { type Logger } from 'pino';
import { serverConfig } from '../config.ts';
import { prettyLine } from './pretty-log.ts';

/**
 * Keys whose values never reach the log, at the top of a log call's object or one level down (ASVS V16.2.5). The
 * request log writes no bodies, headers or query strings at all (route templates only); this is the second fence,
 * for a field someone adds to a log call later.
 */
const SECRET_KEYS = [
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'token',
  'access_token',
  'refresh_token',
  'authorization',
  'cookie',
  'code',
  'otp',
  'totp',
  'secret',
  'recovery_code',
  'card',
  'card_number',
  'cvv',
];
const SECRETS = new Set(SECRET_KEYS);
const CENSORED = '[redacted]';
const isSecret = (key: string) => SECRETS.has(key.toLowerCase());

/**
 * The log call's object with secret-named keys censored, at its top and one level down; the object itself when there
 * are none (the usual case: no copy). Hand-written rather than pino's `redact` paths: those with wildcards cost ~50 µs
 * a line (measured, docs/benchmarks.md), more than the rest of the request's log line and metrics together.
 */
export function censorSecrets(object: Record<string, unknown>): Record<string, unknown> {
  let out = object;
  for (const key in object) {
    const value = object[key];
    let replaced: unknown;
    if (isSecret(key)) replaced = CENSORED;
    else if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Error)) {
      let inner: Record<string, unknown> | undefined;
      for (const name in value) if (isSecret(name)) (inner ??= { ...(value as Record<string, unknown>) })[name] = CENSORED;
      replaced = inner;
    }
    if (replaced === undefined) continue;
    if (out === object) out = { ...object };
    out[key] = replaced;
  }
  return out;
}

type Sink = (line: string) => void;
interface LogState {
  root: Logger;
  sink: Sink;
}

// On globalThis: the Astro bundle(s) and scripts/start.mjs are separate module graphs of one process and write to one
// log through one buffered stdout stream.
const key = Symbol.for('coffee-marketplace.logger');
const store = globalThis as unknown as Record<symbol, LogState | undefined>;

function stdoutSink(): Sink {
  // Asynchronous and batching: a line per request must not block the event loop on a slow terminal or pipe. Lines go
  // in as bytes (`contentMode: 'buffer'`): with strings, SonicBoom measures the whole pending batch (up to 16 KB) again
  // for every line it adds while a write is under way, which under load cost more than the rest of the line (issue 56).
  const out = pino.destination({ dest: 1, sync: false, contentMode: 'buffer' });
  process.on('exit', () => {
    try {
      out.flushSync();
    } catch {
      // Nothing more can be done for a log that cannot be written at exit.
    }
  });
  // SonicBoom's types name strings only; in buffer mode it takes bytes.
  return (line) => void out.write(Buffer.from(line) as unknown as string);
}

function state(): LogState {
  const existing = store[key];
  if (existing) return existing;
  const { format, level } = serverConfig().log;
  const toStdout = stdoutSink();
  const created: LogState = {
    sink: format === 'pretty' ? (line) => toStdout(prettyLine(line)) : toStdout,
    root: undefined as unknown as Logger,
  };
  created.root = pino(
    {
      level,
      // No pid or host: a 6-digit pid would read like an SMS code to the leak checks; the platform labels lines anyway.
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: censorSecrets },
    },
    { write: (line: string) => created.sink(line) },
  );
  store[key] = created;
  return created;
}

/** The process's logger: `log().info({ job: 'payment-release', released: 2 }, 'job')`. */
export const log = (): Logger => state().root;

/**
 * Sends every log line (JSON, one per call) to `sink` instead of stdout until the returned function is called: tests
 * read what the shop logs this way.
 */
export function redirectLog(sink: Sink): () => void {
  const current = state();
  const before = current.sink;
  current.sink = sink;
  return () => {
    current.sink = before;
  };
}
