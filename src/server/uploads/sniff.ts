/** What a file really is, judged by its first bytes (never by its name or its declared type). */
export type SniffedType = { mime: 'image/jpeg' | 'image/png' | 'application/pdf'; ext: 'jpg' | 'png' | 'pdf' };

const signatures: { bytes: number[]; type: SniffedType }[] = [
  { bytes: [0xff, 0xd8, 0xff], type: { mime: 'image/jpeg', ext: 'jpg' } },
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: { mime: 'image/png', ext: 'png' } },
  // "%PDF-"
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], type: { mime: 'application/pdf', ext: 'pdf' } },
];

/** The allowed type whose signature starts the file, or undefined (executables, HTML, anything else). */
export function sniffUpload(head: Uint8Array): SniffedType | undefined {
  return signatures.find(({ bytes }) => bytes.length <= head.length && bytes.every((b, i) => head[i] === b))?.type;
}

/** Bytes needed to recognise every allowed type. */
export const SNIFF_BYTES = 8;
