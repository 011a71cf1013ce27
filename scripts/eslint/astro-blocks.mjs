/**
 * An ESLint processor for .astro files: lints the frontmatter and the bundled <script> blocks as TypeScript.
 * Each block is padded with the newlines before it, so reported lines and columns are the .astro file's own.
 * (eslint-plugin-astro would do more, but its parser pulls a native compiler whose platform packages this
 * project's registry mirror lacks; the import boundary only needs the code blocks.)
 */
const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/;
const script = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

const linesBefore = (text, index) => text.slice(0, index).split('\n').length - 1;

export const astroBlocks = {
  meta: { name: 'astro-blocks', version: '1.0.0' },
  preprocess(text) {
    const blocks = [];
    const fm = frontmatter.exec(text);
    if (fm) blocks.push({ text: '\n'.repeat(linesBefore(text, fm.index + 4)) + fm[1], filename: 'frontmatter.ts' });
    for (const match of text.matchAll(script)) {
      // JSON-LD and other data blocks are not code.
      if (/\btype=["'](?!module)/.test(match[1])) continue;
      const start = match.index + match[0].indexOf('>') + 1;
      blocks.push({
        text: '\n'.repeat(linesBefore(text, start)) + ' '.repeat(start - text.lastIndexOf('\n', start - 1) - 1) + match[2],
        filename: `script-${blocks.length}.ts`,
      });
    }
    return blocks;
  },
  postprocess: (messages) => messages.flat(),
  supportsAutofix: false,
};
