/**
 * Every action the audit log records (`<domain>.<verb>`), one list: `recordAudit` takes only these, so a new action
 * fails the typecheck until it is named here, and the dictionaries (`admin.audit.actions`) name each in words for
 * the audit page and the order page's trail (issue 35: actions in words, not codes).
 */
export const AUDIT_ACTIONS = [
  'category.create',
  'category.update',
  'category.move',
  'sub_category.create',
  'sub_category.update',
  'sub_category.move',
  'content.approve',
  'content.schedule',
  'content.restore',
  'content.remove',
  'coupon.create',
  'coupon.update',
  'coupon.pause',
  'coupon.resume',
  'courier.create',
  'courier.update',
  'courier.settlement',
  'customer.cod_block',
  'customer.cod_allow',
  'delivery.update',
  'order.move',
  'order.call',
  'order.note',
  'order.failed_delivery',
  'order.return',
  'order.courier_hand_over',
  'order.courier_cancel',
  'partner.approve',
  'partner.reject',
  'product.create',
  'product.update',
  'product.import',
  'refund.pay',
  'remittance.record',
  'remittance.write_off',
  'seller.suspend',
  'seller.reinstate',
  'site.publish',
  'site.published',
  'site.publishFailed',
  'site.rollback',
  'site.rollbackFailed',
  'staff.invite',
  'staff.update',
  'staff.signIn',
  'staff.signIn.failed',
  'staff.signIn.locked',
  'staff.signIn.refused',
  'staff.session.end',
  'staff.password.change',
  'staff.recoveryCode.use',
  'staff.recoveryCodes.regenerate',
  'wallet.credit',
  'wallet.debit',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An action in words (the dictionary's `admin.audit.actions`); an unknown code (an old row) is shown as it is. */
export const auditActionName = (names: Record<AuditAction, string>, code: string): string =>
  (names as Record<string, string>)[code] ?? code;
