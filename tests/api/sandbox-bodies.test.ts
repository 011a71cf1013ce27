import { expect, test } from 'vitest';
import { createSandboxGateway } from '../../src/server/payments/sandbox/sandbox-gateway.ts';
import { stubKeys } from '../support/payment-stub.ts';

/**
 * The sandbox providers answer any body as the real ones do, never with a 500: JSON that is not an object (`null`, a
 * list, a number, a string) is a request without fields (the hostile-input journey's `null` reached Fawry's cancel and
 * refund handlers as a TypeError).
 */
test('every sandbox provider route answers a body that is no object without a 5xx', async () => {
  const gateway = createSandboxGateway({ keys: stubKeys, publicPath: '' });
  const posts = gateway.routes.filter((route) => route.method === 'POST');
  expect(posts.length).toBeGreaterThan(5);
  const failures: string[] = [];
  for (const { path } of posts) {
    // A parameter takes its first allowed value (`:action{void|refund}` → void) or a made-up id.
    const concrete = path.replace(/:\w+\{([^|}]+)[^}]*\}/g, '$1').replace(/:\w+/g, '1');
    for (const body of ['null', '[]', '7', '"text"', '{"orderRefNo": null}']) {
      const res = await gateway.request(concrete, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Token ${stubKeys.paymobSecretKey ?? ''}` },
        body,
      });
      if (res.status >= 500) failures.push(`${res.status} ${concrete} ${body}`);
    }
  }
  expect(failures).toEqual([]);
});
