import { expect, test } from 'vitest';
import { haproxyConfig } from './haproxy-config.mjs';

/** Issue 54: what the proxy in front of a cluster promises a shopper, read off the configuration it is given. */
const config = haproxyConfig({
  listen: { host: '127.0.0.1', port: 4321 },
  statsPort: undefined,
  instances: [
    { name: 'shop1', host: '127.0.0.1', port: 4401 },
    { name: 'shop2', host: '127.0.0.1', port: 4402 },
  ],
});

test('every instance is checked on /api/health with a Host the shop serves, and needs a 200 to get traffic', () => {
  expect(config).toContain('http-check send meth GET uri /api/health ver HTTP/1.1 hdr Host 127.0.0.1');
  expect(config).toContain('http-check expect status 200');
  expect(config.match(/^ {2}server shop\d 127\.0\.0\.1:440\d check\b/gm)).toHaveLength(2);
});

test('a request already sent is repeated only when safe: a POST (a checkout) never goes to a second instance', () => {
  expect(config).toMatch(/retry-on conn-failure/);
  expect(config).toMatch(/acl repeatable method GET HEAD OPTIONS/);
  expect(config).toMatch(/http-request disable-l7-retry if !repeatable/);
});
