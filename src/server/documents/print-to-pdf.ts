import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serverConfig } from '../config.ts';

const run = promisify(execFile);

/**
 * The shop's own documents as PDF (issue 38): an HTML page printed by headless Chromium (`--print-to-pdf`), so Arabic
 * is shaped and laid out right to left by a browser engine — a PDF drawn glyph by glyph (pdf-lib, or the PDF's
 * built-in fonts) shapes no Arabic. The page sets its own paper (`@page`) and page breaks. The flags are the ones
 * these machines need (no sandbox user namespace, no background networking). Throws when Chromium is missing or
 * fails: the caller's route answers 502 (the document could not be made), nothing else changes.
 */
export async function printToPdf(html: string, timeoutMs = 60_000): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'bean-print-'));
  try {
    const page = join(dir, 'page.html');
    const pdf = join(dir, 'page.pdf');
    await writeFile(page, html, 'utf8');
    await run(
      serverConfig().chromiumPath,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        `--user-data-dir=${join(dir, 'profile')}`,
        '--no-pdf-header-footer',
        `--print-to-pdf=${pdf}`,
        `file://${page}`,
      ],
      { timeout: timeoutMs },
    );
    return new Uint8Array(await readFile(pdf));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
