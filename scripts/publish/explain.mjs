// Turns a failed `astro build`'s output into words an editor understands, with the file to fix when known.
const ansi = /\u001b\[[0-9;]*m/g;

export function explainBuildFailure(output) {
  const text = output.replace(ansi, '');
  const lines = text.split('\n').map((l) => l.trim());
  const file = /((?:src\/content|src\/pages)\/[^\s:)"']+\.(?:md|mdx|astro|ts))/.exec(text)?.[1];
  // Astro prints the message, then "Location:" and "Stack trace:"; keep what comes before the stack.
  const stack = lines.findIndex((l) => l.startsWith('Stack trace:'));
  const end = stack === -1 ? lines.length : stack;
  const start = Math.max(0, ...lines.slice(0, end).map((l, i) => (/^\d\d:\d\d:\d\d /.test(l) ? i + 1 : 0)));
  const details = lines.slice(start, end).filter(Boolean).slice(0, 8).join('\n    ');
  if (/InvalidContentEntry|ContentEntryData|Frontmatter|YAML|does not match collection schema/i.test(text)) {
    return [
      `A content entry could not be read${file ? `: ${file}` : ''}.`,
      'Check its front matter (the block between the two --- lines at the top): every field the collection needs,',
      'dates as YYYY-MM-DD, text with a colon in quotes. Fix it, preview with `npm run dev`, then publish again.',
      `  Details:\n    ${details}`,
    ].join('\n');
  }
  return [
    `The site could not be built${file ? ` (the problem is in ${file})` : ''}.`,
    'Nothing changed for shoppers. Ask a developer if the details below do not point at your change.',
    `  Details:\n    ${details || text.slice(-1500)}`,
  ].join('\n');
}
