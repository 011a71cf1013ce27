import { describe, expect, test } from 'vitest';
import { ar } from '#i18n/ar.ts';
import { en } from '#i18n/en.ts';
import { auditChange, auditRole, auditSubject } from './audit-words.ts';

/** Issue 51: the audit log shows subjects, roles and changes in words, not the codes it stores. */
describe('the audit log in words', () => {
  test('the subject, the role and a change the copy editor found as codes read in Arabic', () => {
    expect(auditSubject('seller_member', '1', ar.auditWords)).toEqual({ kind: 'عضو فريق البائع', id: '1' });
    expect(auditSubject('order', '12', ar.auditWords)).toEqual({ kind: 'الطلب', id: '#12' });
    expect(auditRole('seller:owner', ar)).toBe('فريق البائع: المالك');
    expect(auditRole('finance', ar)).toBe('المالية');
    expect(auditRole('system', ar)).toBe('النظام');
    expect(auditChange({ with: 'enrolment' }, ar)).toEqual([
      { field: 'طريقة الدخول', value: 'إعداد تطبيق المصادقة', fieldCode: false, valueCode: false },
    ]);
    expect(auditChange({ confirmed_by: 'sms' }, ar)[0]).toMatchObject({ field: 'التأكيد عن طريق', value: 'رابط رسالة SMS' });
    expect(auditChange({ status: 'WITH_COURIER', trusted: true }, ar).map((p) => `${p.field}: ${p.value}`)).toEqual([
      'الحالة: مع المندوب',
      'بائع موثوق: نعم',
    ]);
  });

  test('English reads the same entries in English', () => {
    expect(auditRole('seller:owner', en)).toBe('Seller team: Owner');
    expect(auditChange({ with: 'recovery_code' }, en)[0]).toMatchObject({ field: 'Signed in with', value: 'recovery code' });
  });

  test('what has no words yet stays the code it is, marked for isolation; nothing recorded is no pair', () => {
    expect(auditChange({ snapshot_id: 'x-1' }, ar)).toEqual([
      { field: 'snapshot_id', value: 'x-1', fieldCode: true, valueCode: true },
    ]);
    expect(auditChange({ amount: 4500 }, ar)[0]).toMatchObject({ field: 'المبلغ', value: '4500', valueCode: true });
    expect(auditChange(null, ar)).toEqual([]);
    expect(auditSubject('toString', '1', ar.auditWords).kind).toBe('toString');
  });
});

test('a system note in the reason reads in words; a typed reason stays as typed, to be isolated', async () => {
  const { auditReason } = await import('./audit-words.ts');
  expect(auditReason('confirmedByReply', ar.adminOrders.order.systemNotes)).toEqual({
    reason: 'أكّده العميل بالرد على واتساب',
    reasonTyped: false,
  });
  expect(auditReason('Refused three deliveries', ar.adminOrders.order.systemNotes)).toEqual({
    reason: 'Refused three deliveries',
    reasonTyped: true,
  });
  expect(auditReason(null, ar.adminOrders.order.systemNotes).reason).toBe('');
});
