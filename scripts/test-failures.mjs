// The lines of a test run's output that name its failures (scripts/test-all.mjs prints them again at the end).

/**
 * Vitest's lines that name a failure (FAIL, ×, the error's first line), without colours. A quiet side's output is
 * printed when it ends, which may be in the middle of the journeys' output; a CI log is often read from its tail.
 */
export function failureLines(output, most = 60) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const named = plain
    .split('\n')
    .filter((line) => /^\s*(FAIL\b|×|❯ .*failed|(\w*Error|AssertionError)\b.*:)|Tests .*failed|Test Files .*failed/.test(line));
  return [...new Set(named)].slice(0, most);
}
