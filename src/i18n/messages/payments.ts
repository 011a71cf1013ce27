import { defineMessages } from './define.ts';

/** Online payment texts (spec section 8: 'Payment successful', 'Payment failed' verbatim), the sandbox page. */
export const paymentsMessages = defineMessages(
  {
    successTitle: 'Payment successful',
    failedTitle: 'Payment failed',
    failedText: 'Nothing was charged and your cart is still here. Try again or choose another way to pay.',
    backToPayment: 'Back to payment',
    confirming: 'Confirming your payment…',
    slow: 'Your payment is taking longer than usual to confirm. Your order is saved: check your order history in a minute.',
    refundDue:
      'Your payment arrived after this order had been released, so it will be refunded in full. Your cart is still here.',
    cancelledTitle: 'Payment cancelled',
    cancelled: 'Payment cancelled. Your cart is still here: choose how you would like to pay.',
    redirecting: 'Taking you to the secure payment page…',
    availableFrom: 'Available for orders from {amount}',
    availableUpTo: 'Available for orders up to {amount}',
    sandbox: {
      title: 'Test payment page',
      note: 'This is the shop’s sandbox gateway: no card is charged. Choose what the payment provider should answer.',
      amount: 'Amount to pay: {amount}',
      approve: 'Approve the payment',
      decline: 'Decline the payment',
      cancel: 'Cancel and go back to the shop',
      expired: 'This payment page has expired.',
    },
  },
  {
    successTitle: 'تم الدفع بنجاح',
    failedTitle: 'فشل الدفع',
    failedText: 'لم يُخصم أي مبلغ وما زالت عربتك كما هي. حاول مرة أخرى أو اختر طريقة دفع أخرى.',
    backToPayment: 'العودة إلى الدفع',
    confirming: 'جارٍ تأكيد الدفع…',
    slow: 'يستغرق تأكيد الدفع وقتًا أطول من المعتاد. طلبك محفوظ: راجع سجل طلباتك بعد دقيقة.',
    refundDue: 'وصلت دفعتك بعد إلغاء هذا الطلب، لذا سيُرد المبلغ كاملًا. ما زالت عربتك كما هي.',
    cancelledTitle: 'تم إلغاء الدفع',
    cancelled: 'تم إلغاء الدفع. ما زالت عربتك كما هي: اختر طريقة الدفع التي تناسبك.',
    redirecting: 'جارٍ تحويلك إلى صفحة الدفع الآمنة…',
    availableFrom: 'متاح للطلبات من {amount}',
    availableUpTo: 'متاح للطلبات حتى {amount}',
    sandbox: {
      title: 'صفحة دفع تجريبية',
      note: 'هذه بوابة الدفع التجريبية للمتجر: لن يُخصم أي مبلغ. اختر ما يجب أن يرد به مزوّد الدفع.',
      amount: 'المبلغ المطلوب: {amount}',
      approve: 'قبول الدفع',
      decline: 'رفض الدفع',
      cancel: 'إلغاء والعودة إلى المتجر',
      expired: 'انتهت صلاحية صفحة الدفع هذه.',
    },
  },
);
