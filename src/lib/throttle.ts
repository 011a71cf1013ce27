/**
 * A leading-edge throttle per key: the first call goes through, calls for the same key within `ms` are
 * dropped (a double-click on a counter's plus adds one unit, not two). `now` is injectable for tests.
 */
export function keyedThrottle(ms: number, now: () => number = () => Date.now()): (key: string | number) => boolean {
  const last = new Map<string | number, number>();
  return (key) => {
    const at = now();
    const previous = last.get(key);
    if (previous !== undefined && at - previous < ms) return false;
    last.set(key, at);
    return true;
  };
}
