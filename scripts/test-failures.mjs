// The lines of a test run's output that name its failures (scripts/test-all.mjs prints them again at the end).

/**
 * Vitest's lines that name a failure (FAIL, ×, the error's first line), and Playwright's summary at the end of a run
 * (its "N failed" and "N flaky" blocks, each journey named), without colours. A quiet side's output is printed when it
 * ends, which may be in the middle of the journeys' output; a CI log is often read from its tail, where the journeys'
 * own summary is long gone when the other side ends after them.
 */
export function failureLines(output, most = 60) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const named = plain
    .split('\n')
    .filter((line) => /^\s*(FAIL\b|×|❯ .*failed|(\w*Error|AssertionError)\b.*:)|Tests .*failed|Test Files .*failed/.test(line));
  return [...new Set([...named, ...playwrightSummary(plain)])].slice(0, most);
}

/** Playwright's closing blocks that name journeys: "  2 failed" (or flaky, or did not run) and the journeys under it. */
function playwrightSummary(plain) {
  const lines = [];
  let inBlock = false;
  for (const line of plain.split('\n')) {
    if (/^\s+\d+ (failed|flaky|interrupted|did not run)\s*$/.test(line)) inBlock = true;
    else if (/^\s+\d+ (passed|skipped)\b/.test(line) || !line.trim()) inBlock = false;
    else if (!/^\s+\[[\w-]+\] › /.test(line)) inBlock = false;
    if (inBlock) lines.push(line);
  }
  return lines;
}
