import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { en } from '#i18n/en.ts';
import { ar } from '#i18n/ar.ts';
import { fieldMessages } from '../validation-messages.ts';
import { StartPaymentSchema } from './orders.ts';

const parse = (body: unknown) => z.safeParse(StartPaymentSchema, body);

describe("POST /payments/:provider: the mobile wallet's number", () => {
  test.each([
    ['01012345678', '+201012345678'],
    [' 010 1234 5678 ', '+201012345678'],
    ['+20 115 555 0000', '+201155550000'],
    ['00201212345678', '+201212345678'],
    ['٠١٠١٢٣٤٥٦٧٨', '+201012345678'],
    ['+٢٠ ١٥٥ ٥٥٥ ٠٠٠٠', '+201555550000'],
  ])('%s is taken as %s', (typed, e164) => {
    const parsed = parse({ order_id: 7, wallet_phone: typed });
    expect(parsed.success && parsed.data).toEqual({ order_id: 7, wallet_phone: e164 });
  });

  test('is optional: a payment without it keeps the account number', () => {
    const parsed = parse({ order_id: 7 });
    expect(parsed.success && parsed.data).toEqual({ order_id: 7 });
  });

  test.each(['0223456789', '0101234567', '+971501234567', '12345', 'wallet'])(
    '%s is refused with the mobile message on the field, in both languages',
    (typed) => {
      const parsed = parse({ order_id: 7, wallet_phone: typed });
      expect(parsed.success).toBe(false);
      const issues = parsed.error!.issues;
      expect(fieldMessages(issues, en.validation.errors)).toEqual({ wallet_phone: [en.validation.errors.mobile] });
      expect(fieldMessages(issues, ar.validation.errors)).toEqual({ wallet_phone: [ar.validation.errors.mobile] });
      expect(ar.validation.errors.mobile).toContain('موبايل');
    },
  );
});
