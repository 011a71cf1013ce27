import { expect, test, vi } from 'vitest';
import { siteUrl } from './site-url.mjs';

test('SITE_URL is used as an origin; a public build without it is refused; a local one says so loudly', () => {
  const warn = vi.fn();
  expect(siteUrl({ SITE_URL: 'https://beanbazaar.example/' }, warn)).toBe('https://beanbazaar.example');
  expect(() => siteUrl({ PUBLIC_BUILD: '1' }, warn)).toThrow(/SITE_URL is not set/);
  expect(() => siteUrl({ SITE_URL: 'ftp://x.example' }, warn)).toThrow(/http\(s\) origin/);
  expect(warn).not.toHaveBeenCalled();
  expect(siteUrl({}, warn)).toBe('http://127.0.0.1:4321');
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('SITE_URL is not set'));
});
