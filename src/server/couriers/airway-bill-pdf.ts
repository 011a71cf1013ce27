/**
 * A minimal PDF of airway bills (the sandbox courier's, issue 38): one A6 page per parcel with the courier, the
 * tracking number, the order, the receiver and the cash to collect, in the PDF's built-in Helvetica. Built by hand (a
 * few objects and the cross-reference table) so the sandbox needs no PDF library. Helvetica draws Latin-1 only: text
 * outside it (an Arabic name) is written in its transliteration-free fallback, the phone number, by the caller.
 */
export interface AirwayBill {
  company: string;
  trackingNumber: string;
  orderRef: string;
  receiver: string;
  phone: string;
  address: string;
  cash: string;
}

/** Latin-1 text escaped for a PDF string; anything else becomes '?'. */
const pdfText = (text: string): string =>
  [...text]
    .map((ch) => (ch.charCodeAt(0) > 255 ? '?' : ch))
    .join('')
    .replace(/[\\()]/g, (ch) => `\\${ch}`);

/** Whether Helvetica can draw this text as it is. */
export const latin1 = (text: string): boolean => [...text].every((ch) => ch.charCodeAt(0) <= 255);

function pageContent(bill: AirwayBill): string {
  const lines: [number, string][] = [
    [16, `${bill.company} - AIRWAY BILL`],
    [22, bill.trackingNumber],
    [11, `Order ${bill.orderRef}`],
    [11, `To: ${bill.receiver}`],
    [11, `Mobile: ${bill.phone}`],
    [9, bill.address.slice(0, 60)],
    [9, bill.address.slice(60, 120)],
    [14, `Cash to collect: ${bill.cash}`],
  ];
  let y = 380;
  return lines
    .map(([size, text]) => {
      y -= size + 14;
      return `BT /F1 ${size} Tf 24 ${y} Td (${pdfText(text)}) Tj ET`;
    })
    .join('\n');
}

export function airwayBillsPdf(bills: readonly AirwayBill[]): Uint8Array {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages, 3: font; then per bill a page and its content stream.
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  bills.forEach((bill, i) => {
    const pageId = 4 + i * 2;
    const content = pageContent(bill);
    pageIds.push(pageId);
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
