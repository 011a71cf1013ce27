import { describe, expect, test } from 'vitest';
import { sniffUpload } from './sniff.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (s: string) => new TextEncoder().encode(s);

describe('sniffUpload', () => {
  test('recognises jpeg, png and pdf by their signatures', () => {
    expect(sniffUpload(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))?.ext).toBe('jpg');
    expect(sniffUpload(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))?.ext).toBe('png');
    expect(sniffUpload(text('%PDF-1.7\n'))?.mime).toBe('application/pdf');
  });

  test('refuses executables, html and truncated signatures', () => {
    expect(sniffUpload(text('MZ\x90\x00\x03'))).toBeUndefined();
    expect(sniffUpload(bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1))).toBeUndefined();
    expect(sniffUpload(text('<!doctype html><script>'))).toBeUndefined();
    expect(sniffUpload(bytes(0x89, 0x50, 0x4e))).toBeUndefined();
    expect(sniffUpload(new Uint8Array())).toBeUndefined();
  });
});
