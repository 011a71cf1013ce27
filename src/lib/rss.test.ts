import { expect, test } from 'vitest';
import { rssFeed } from './rss.ts';

test('rss escapes text and lists items with their dates', () => {
  const xml = rssFeed(
    { title: 'Bean & Co', link: 'https://x.test/en/', description: 'd', language: 'en', self: 'https://x.test/en/rss.xml' },
    [
      {
        title: 'A <b> title',
        link: 'https://x.test/en/articles/a',
        description: 'Tom & "Jerry"',
        date: new Date('2026-11-02T00:00:00Z'),
      },
    ],
  );
  expect(xml).toContain('<title>Bean &amp; Co</title>');
  expect(xml).toContain('<title>A &lt;b&gt; title</title>');
  expect(xml).toContain('Tom &amp; &quot;Jerry&quot;');
  expect(xml).toContain('<pubDate>Mon, 02 Nov 2026 00:00:00 GMT</pubDate>');
});
