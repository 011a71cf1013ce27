import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where server code lives (decision 026, issue 48): `src/server` (the shop's server and its services), `src/app` (where the wings are plugged in), the `server/`
 * folder of each domain of the shared core (`src/core/<domain>/server`) and of each feature in the desk's and the
 * seller portal's wings. Checks that read "the server" walk all of them.
 */
export function serverRoots(): string[] {
  const wingServers = ['src/core', 'src/desk', 'src/seller']
    .filter((wing) => existsSync(wing))
    .flatMap((wing) =>
      readdirSync(wing, { withFileTypes: true })
        .filter((feature) => feature.isDirectory() && existsSync(join(wing, feature.name, 'server')))
        .map((feature) => join(wing, feature.name, 'server')),
    );
  return ['src/server', 'src/app', ...wingServers];
}
