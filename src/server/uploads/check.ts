import { MAX_UPLOAD_BYTES } from '#lib/uploads.ts';
import { SNIFF_BYTES, sniffUpload, type SniffedType } from './sniff.ts';

export type UploadProblem = 'tooLarge' | 'badType' | 'empty';

export interface CheckedUpload {
  name: string;
  bytes: Uint8Array;
  type: SniffedType;
}

/**
 * Checks one uploaded file: size first (before reading it into memory), then its content.
 * Returns the problem, or the bytes and real type of an acceptable file.
 */
export async function checkUpload(file: File): Promise<CheckedUpload | UploadProblem> {
  if (file.size === 0) return 'empty';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  const type = sniffUpload(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (!type) return 'badType';
  return { name: file.name.slice(0, 200), bytes: new Uint8Array(await file.arrayBuffer()), type };
}
