import { writeFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { pdfPages } from '#tests/support/pdf-text.ts';
import { printToPdf } from '../documents/print-to-pdf.ts';
import { airwayBillsHtml } from './airway-bill-html.ts';

/**
 * The sandbox courier's airway bills with an Arabic receiver and address (issue 38): printed by Chromium, the PDF
 * carries the Arabic as Arabic (a PDF drawn with the built-in Helvetica could only print '?' or the phone number).
 * `AIRWAY_BILL_PDF=path` keeps the PDF to look at (pdftoppm -png).
 */
const bills = [
  {
    company: 'Sandbox courier',
    trackingNumber: 'SB12345678',
    orderId: 1042,
    receiver: 'منى عادل',
    phone: '01001234567',
    address: '١٢ شارع التحرير، بجوار الصيدلية، الدقي، الجيزة',
    cash: 45050,
  },
  {
    company: 'Sandbox courier',
    trackingNumber: 'SB87654321',
    orderId: 1043,
    receiver: 'Karim Said',
    phone: '01112223334',
    address: '5 Road 9, Maadi, Cairo',
    cash: 0,
  },
];

test('one A6 sheet per parcel; the Arabic name and address print as Arabic, with the order and the cash', async () => {
  const pdf = await printToPdf(airwayBillsHtml(bills));
  if (process.env['AIRWAY_BILL_PDF']) writeFileSync(process.env['AIRWAY_BILL_PDF'], pdf);
  const pages = pdfPages(pdf);
  expect(pages).toHaveLength(2);
  expect(pages[0]).toContain('SB12345678');
  expect(pages[0]).toContain('#1042');
  expect(pages[0]).toContain('منى عادل');
  expect(pages[0]).toContain('الدقي');
  expect(pages[0]).toContain('المبلغ المطلوب تحصيله');
  expect(pages[0]).toContain('EGP 450.50');
  expect(pages[1]).toContain('Karim Said');
}, 60_000);

test('what the shopper typed cannot break the page', () => {
  const html = airwayBillsHtml([{ ...bills[1]!, receiver: '<script>x</script>' }]);
  expect(html).not.toContain('<script>x');
  expect(html).toContain('&lt;script&gt;x');
});
