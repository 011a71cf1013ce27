import { execFileSync } from 'node:child_process';

/**
 * The text of each page of a PDF, read by poppler's `pdftotext` (Debian's poppler-utils), so a test reads what a
 * person reads on each printed page — the shop's PDFs are printed by Chromium, whose text is not searchable in the
 * file's bytes. Arabic comes back in logical order (as typed).
 */
export function pdfPages(pdf: Uint8Array): string[] {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) }).toString('utf8');
  return text.split('\f').filter((page) => page.trim() !== '');
}

/** Text as pdftotext gives it back: no-break and narrow spaces (Intl's money) as plain spaces. */
export const plainSpaces = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');
