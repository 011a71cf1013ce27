import { useEffect, useState } from 'react';

/** False during server rendering and hydration, true once the island runs in the browser. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
