import { formatMoney, formatOrderId } from '#i18n/format.ts';
import { dictionary } from '#i18n/t.ts';

/**
 * The sandbox courier's airway bills as one printable page (issue 38): one A6 sheet per parcel with the company, the
 * tracking number, the order, the receiver, the mobile, the address and the cash to collect, labelled in English and
 * Arabic as Egyptian couriers print them. Printed to PDF by Chromium (documents/print-to-pdf.ts), so an Arabic name or
 * address is shaped and right to left. Values the shopper typed keep their own direction (`dir="auto"`).
 */
export interface AirwayBill {
  company: string;
  trackingNumber: string;
  orderId: number;
  receiver: string;
  phone: string;
  address: string;
  /** Piastres. */
  cash: number;
}

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const en = dictionary('en').couriers.airwayBill;
const ar = dictionary('ar').couriers.airwayBill;
type Label = keyof typeof en;

const row = (label: Label, value: string, className = '') =>
  `<div class="row ${className}"><div class="label"><span lang="en">${en[label]}</span><span lang="ar" dir="rtl">${ar[label]}</span></div><div class="value" dir="auto">${value}</div></div>`;

function sheet(bill: AirwayBill): string {
  return `<section data-tracking="${escape(bill.trackingNumber)}">
<header><strong>${escape(bill.company)}</strong><span><span lang="en">${en.title}</span> · <span lang="ar" dir="rtl">${ar.title}</span></span></header>
${row('tracking', `<span class="tracking">${escape(bill.trackingNumber)}</span>`)}
${row('order', escape(formatOrderId(bill.orderId)))}
${row('receiver', escape(bill.receiver))}
${row('mobile', `<bdi dir="ltr">${escape(bill.phone)}</bdi>`)}
${row('address', escape(bill.address))}
${row('cash', `<bdi dir="ltr">${escape(formatMoney(bill.cash, 'en'))}</bdi> · <bdi dir="rtl">${escape(formatMoney(bill.cash, 'ar'))}</bdi>`, 'cash')}
</section>`;
}

export function airwayBillsHtml(bills: readonly AirwayBill[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Airway bills</title><style>
@page { size: 105mm 148mm; margin: 6mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: 'DejaVu Sans', 'Noto Sans Arabic', sans-serif; font-size: 10pt; color: #000; }
section { break-after: page; height: 134mm; border: 1.5pt solid #000; padding: 3mm; display: flex; flex-direction: column; gap: 2mm; }
section:last-child { break-after: auto; }
header { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 1pt solid #000; padding-bottom: 2mm; }
header strong { font-size: 13pt; }
.row { display: grid; grid-template-columns: 30mm 1fr; gap: 2mm; }
.label { display: flex; flex-direction: column; font-size: 7.5pt; color: #333; }
.value { font-size: 11pt; overflow-wrap: anywhere; }
.tracking { font-size: 18pt; font-weight: bold; letter-spacing: 0.5pt; }
.cash { margin-top: auto; border-top: 1pt solid #000; padding-top: 2mm; }
.cash .value { font-size: 15pt; font-weight: bold; }
</style></head><body>
${bills.map(sheet).join('\n')}
</body></html>`;
}
