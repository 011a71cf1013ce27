import { escapeMarkup as escapeXml } from './text.ts';

/** A minimal RSS 2.0 document (no dependency needed for a list of articles). */
export interface RssItem {
  title: string;
  link: string;
  description: string;
  date: Date;
}

export function rssFeed(
  channel: { title: string; link: string; description: string; language: string; self: string },
  items: RssItem[],
): string {
  const entries = items
    .map(
      (i) =>
        `<item><title>${escapeXml(i.title)}</title><link>${escapeXml(i.link)}</link><guid isPermaLink="true">${escapeXml(i.link)}</guid>` +
        `<description>${escapeXml(i.description)}</description><pubDate>${i.date.toUTCString()}</pubDate></item>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>` +
    `<title>${escapeXml(channel.title)}</title><link>${escapeXml(channel.link)}</link><description>${escapeXml(channel.description)}</description>` +
    `<language>${channel.language}</language><atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>${entries}</channel></rss>\n`
  );
}
