import { describe, expect, test } from 'vitest';
import { ar } from '#i18n/ar.ts';
import { en } from '#i18n/en.ts';
import { AUDIT_ACTIONS, auditActionName } from './audit-actions.ts';

describe('audit actions are shown in words (issue 35)', () => {
  test('every action has a name in each language, never its code, and no two actions share one', () => {
    for (const names of [en.admin.audit.actions, ar.admin.audit.actions]) {
      const shown = AUDIT_ACTIONS.map((code) => auditActionName(names, code));
      AUDIT_ACTIONS.forEach((code, i) => expect(shown[i]).not.toBe(code));
      expect(new Set(shown).size).toBe(AUDIT_ACTIONS.length);
    }
    // The Arabic names are Arabic (a file format's name aside).
    for (const code of AUDIT_ACTIONS) expect(ar.admin.audit.actions[code].replace('CSV', '')).not.toMatch(/[A-Za-z]/);
  });

  test('an action an older build wrote, and no longer names, is shown as its code rather than hidden', () => {
    expect(auditActionName(ar.admin.audit.actions, 'order.move')).toBe('تغيير حالة طلب');
    expect(auditActionName(ar.admin.audit.actions, 'legacy.thing')).toBe('legacy.thing');
  });
});
