// CI's gates between its steps (.ci/run): a file that appears when a step is over, holding `ok` or why not.
import { existsSync, readFileSync } from 'node:fs';

/**
 * Waits until `path` exists (checked each second) and returns its trimmed text; throws after `ms`.
 * @param {string} path
 * @param {number} [ms]
 * @returns {Promise<string>}
 */
export async function gateOpened(path, ms = Infinity) {
  const end = Date.now() + ms;
  while (!existsSync(path)) {
    if (Date.now() > end) throw new Error(`${path} did not appear within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return readFileSync(path, 'utf8').trim();
}
