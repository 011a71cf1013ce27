import { log } from './observability/logger.ts';
/**
 * Shutdown hooks shared between the Astro server bundle and the HTTP server that loads it.
 * They live on globalThis because the bundle and the server script are separate module graphs.
 */
type Hook = () => unknown;
const key = Symbol.for('coffee-marketplace.shutdown-hooks');
const registry = globalThis as unknown as Record<symbol, Set<Hook> | undefined>;

function hooks(): Set<Hook> {
  return (registry[key] ??= new Set());
}

/** Registers work to finish before the process exits (closing the database, flushing logs). */
export function onShutdown(hook: Hook): void {
  hooks().add(hook);
}

/** Runs every registered hook once; errors are logged, never thrown, so all hooks run. */
export async function runShutdownHooks(): Promise<void> {
  for (const hook of hooks()) {
    try {
      await hook();
    } catch (error) {
      log().error({ err: error }, 'shutdown hook failed');
    }
  }
  hooks().clear();
}
