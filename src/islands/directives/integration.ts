import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Registers `client:intent` (./intent.ts) with Astro. */
export function intentDirective(): AstroIntegration {
  return {
    name: 'client-intent-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'intent', entrypoint: fileURLToPath(new URL('./intent.ts', import.meta.url)) });
      },
    },
  };
}
