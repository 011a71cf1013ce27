import { defineMessages } from './define.ts';

/** Checkout, orders, coupons and wallet texts (spec sections 3, 5 and 8; spec texts verbatim in English). */
export const ordersMessages = defineMessages(
  {
    errors: {
      invalidCoupon: 'Invalid Coupon',
      selectPayment: 'You Should to Select Payment',
      selectAddress: 'You should select address or fill required data first',
      addressNotFound: 'This address is not in your address book.',
      emptyOrder: 'Your cart is empty.',
      productUnavailable: 'Some products in your cart are no longer available.',
      outOfStock: 'Some products are no longer in stock in the quantity you chose.',
      walletInsufficient: 'Your wallet balance does not cover this order.',
      paymentUnavailable: 'This payment method is not available.',
      orderNotFound: 'Order not found',
      notCancellable: 'This order can no longer be cancelled.',
      keyReused: 'This request key was already used for a different order.',
      badTransition: 'An order cannot move from this status to that one.',
    },
    status: {
      PENDING: 'Awaiting payment',
      PLACED: 'Placed',
      ACCEPT: 'Accepted',
      PREPARE: 'Being prepared',
      READY_TO_SHIP: 'Ready to ship',
      WITH_COURIER: 'With the courier',
      DELIVERED: 'Delivered',
      CANCELED: 'Cancelled',
    },
  },
  {
    errors: {
      invalidCoupon: 'كوبون غير صالح',
      selectPayment: 'يجب اختيار طريقة الدفع',
      selectAddress: 'يجب اختيار عنوان أو إدخال البيانات المطلوبة أولًا',
      addressNotFound: 'هذا العنوان ليس في دفتر عناوينك.',
      emptyOrder: 'عربة التسوق فارغة.',
      productUnavailable: 'بعض المنتجات في عربتك لم تعد متاحة.',
      outOfStock: 'بعض المنتجات لم تعد متوفرة بالكمية التي اخترتها.',
      walletInsufficient: 'رصيد محفظتك لا يغطي هذا الطلب.',
      paymentUnavailable: 'طريقة الدفع هذه غير متاحة.',
      orderNotFound: 'الطلب غير موجود',
      notCancellable: 'لم يعد من الممكن إلغاء هذا الطلب.',
      keyReused: 'مفتاح الطلب هذا استُخدم من قبل لطلب مختلف.',
      badTransition: 'لا يمكن نقل الطلب من هذه الحالة إلى تلك.',
    },
    status: {
      PENDING: 'بانتظار الدفع',
      PLACED: 'تم الطلب',
      ACCEPT: 'تم القبول',
      PREPARE: 'قيد التجهيز',
      READY_TO_SHIP: 'جاهز للشحن',
      WITH_COURIER: 'مع المندوب',
      DELIVERED: 'تم التوصيل',
      CANCELED: 'ملغي',
    },
  },
);
