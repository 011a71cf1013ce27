import { basename } from 'node:path';
import { pointedBuild } from './live-site.ts';

/**
 * Which build this process serves, for /api/health (the API runs in the Astro bundle, a separate module graph from
 * the server that loads builds: hence globalThis). Unset in tests and `astro dev`: no build to compare.
 */
interface Serving {
  dir: string;
  /** Set when the server follows publishes (`builds/current`). */
  buildsDir?: string | undefined;
}

const key = Symbol.for('coffee-marketplace.serving-build');
const store = globalThis as unknown as Record<symbol, Serving | undefined>;

export function setServingBuild(dir: string, buildsDir?: string): void {
  store[key] = { dir, buildsDir: buildsDir ?? store[key]?.buildsDir };
}

export interface BuildState {
  /** The served build's id (its folder's name; `dist` without publishes). */
  id: string | null;
  /** Whether it is the one `builds/current` names (true when no pointer is followed). */
  published: boolean;
}

/** The served build against the publish pointer: false while a publish is switching (a new bundle loading). */
export function servingBuildState(): BuildState {
  const serving = store[key];
  if (!serving) return { id: null, published: true };
  const pointed = serving.buildsDir ? pointedBuild(serving.buildsDir) : undefined;
  return { id: basename(serving.dir), published: !pointed || pointed === serving.dir };
}
