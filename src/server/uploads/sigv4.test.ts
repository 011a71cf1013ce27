import { describe, expect, test } from 'vitest';
import { sha256Hex, signRequest } from './sigv4.ts';

const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('signRequest against AWS documented examples', () => {
  // Amazon S3 API reference, "Signature Calculations for the Authorization Header", Example: GET Object (the first 10
  // bytes of test.txt in examplebucket), with the documented canonical request hash and signature.
  test("S3's GET Object example", () => {
    const signed = signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY },
        payloadHash: EMPTY,
      },
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 's3',
      },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY,
      ].join('\n'),
    );
    expect(sha256Hex(signed.canonicalRequest)).toBe('7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972');
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.headers['authorization']).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  // The SigV4 test suite's get-vanilla-query-order-key-case: query parameters sorted by name.
  test("the test suite's query-order example", () => {
    const signed = signRequest(
      {
        method: 'GET',
        url: new URL('https://example.amazonaws.com/?Param2=value2&Param1=value1'),
        headers: {},
        payloadHash: EMPTY,
      },
      {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 'service',
      },
      new Date('2015-08-30T12:36:00Z'),
    );
    expect(signed.signature).toBe('b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500');
  });

  test('a different secret, date or path gives a different signature', () => {
    const credentials = { accessKeyId: 'A', secretAccessKey: 'S', region: 'auto', service: 's3' };
    const sign = (path: string, secret = 'S', at = '2026-01-01T00:00:00Z') =>
      signRequest(
        { method: 'GET', url: new URL(`http://127.0.0.1:9000${path}`), headers: {}, payloadHash: EMPTY },
        { ...credentials, secretAccessKey: secret },
        new Date(at),
      ).signature;
    const base = sign('/bucket/a.jpg');
    expect(sign('/bucket/b.jpg')).not.toBe(base);
    expect(sign('/bucket/a.jpg', 'T')).not.toBe(base);
    expect(sign('/bucket/a.jpg', 'S', '2026-01-02T00:00:00Z')).not.toBe(base);
  });
});
