/**
 * The server's configuration, read from the environment and checked in one place. Two modes (issue 19):
 * - demo (anything but NODE_ENV=production): `npm start` on a fresh clone; embedded database, sandbox payments,
 *   SMS codes in the outbox (and the log), the public origin taken from HOST and PORT. Said loudly at start.
 * - production (NODE_ENV=production): the start is refused while anything a public shop must not run with is set
 *   or missing (`productionProblems`).
 * Read on each call (it is cheap), so a test that changes process.env sees its change.
 *
 * The one entry point: importers take everything from here; the parts live in src/server/config/ (the variables in
 * env.ts, each provider's reader beside its domain, the cached read in read-server-config.ts).
 */
export { demoNotice } from './config/demo-notice.ts';
export { Env } from './config/env.ts';
export { TEMPLATE_KINDS, type MessagingConfig, type TemplateKind } from './config/messaging.ts';
export type { PaymobKeys } from './config/paymob.ts';
export { productionProblems } from './config/production-problems.ts';
export type { PushConfig } from './config/push.ts';
export { StorageUrlError, type StorageConfig } from './config/storage.ts';
export { serverConfig, trustsProxy } from './config/read-server-config.ts';
export type { ServerConfig } from './config/server-config.ts';
