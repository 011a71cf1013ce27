/**
 * Astro writes the islands' one-line stylesheet right before the first island, i.e. inside <body> (a <div> of the
 * header), where HTML does not allow <style>. The middleware moves it into <head>: valid HTML, and the rule
 * applies before any island is parsed. The CSP hash Astro adds for it is the same wherever it stands.
 */
const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

export function islandStyleInHead(html: string): string {
  const at = html.indexOf(ISLAND_STYLE);
  const head = html.indexOf('</head>');
  if (at < 0 || head < 0 || at < head) return html;
  return html.slice(0, head) + ISLAND_STYLE + html.slice(head, at) + html.slice(at + ISLAND_STYLE.length);
}

/** The same for a rendered page; anything but HTML passes untouched. */
export async function withIslandStyleInHead(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('text/html') || !response.body) return response;
  const html = islandStyleInHead(await response.text());
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
}
