import { useEffect, useState } from 'react';

/** False during server rendering and hydration, true once the island runs in the browser. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/**
 * A form's action once the island runs in the browser, none before. Server-rendered, a function action makes React
 * write `action="javascript:throw …"`, which is not a valid URL (HTML validators flag it); without an action the
 * form cannot be sent early anyway, because its submit button (Submit.tsx) stays disabled until then.
 */
export function useClientAction<A>(action: A): A | undefined {
  return useMounted() ? action : undefined;
}
