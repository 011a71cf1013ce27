import { defineMessages } from './define.ts';

/**
 * Order messages by WhatsApp and SMS (issue 37): what the shopper reads on their phone (the texts of the templates
 * approved at Meta, docs/messaging.md: the same words, {order} … as {{1}} …), the checkout's consent, and the desk's
 * simulator. Filled values are isolated (U+2068 … U+2069) where the text is composed.
 */
export const messagingMessages = defineMessages(
  {
    consent:
      'Send me my order confirmation and delivery updates on WhatsApp (or by SMS) at my mobile number. Reply STOP at any time to stop them.',
    confirm: {
      body: 'Bean Bazaar: please confirm your order {order}. Total {total}; cash to prepare on delivery: {cash}. Expected delivery by {date}. Choose your answer below.',
      replies: { confirm: 'Confirm', change_address: 'Change address', cancel: 'Cancel order' },
    },
    withCourier: 'Bean Bazaar: your order {order} is with the courier. Please have {cash} ready in cash.',
    withCourierTracking:
      'Bean Bazaar: your order {order} is with the courier. Please have {cash} ready in cash. Follow it at {link} until it reaches you.',
    outForDelivery:
      'Bean Bazaar: your order {order} is out for delivery today. Please have exactly {cash} ready in cash for the courier.',
    /** The same updates for an order with nothing to collect (paid online or by wallet): never "have EGP 0 ready". */
    paid: {
      withCourier:
        'Bean Bazaar: your order {order} is with the courier. It is already paid: there is nothing to pay on delivery.',
      withCourierTracking:
        'Bean Bazaar: your order {order} is with the courier. It is already paid: there is nothing to pay on delivery. Follow it at {link} until it reaches you.',
      outForDelivery:
        'Bean Bazaar: your order {order} is out for delivery today. It is already paid: there is nothing to pay the courier.',
    },
    /** An amount inside a message: the currency without a final dot, so it never meets the sentence's («ج.م.،»). */
    money: 'EGP\u00a0{amount}',
    /** The sign-up, reset and phone-change code by SMS: the brand first, from the dictionary (site.name). */
    smsCode: '{brand}: your verification code is {code}. Do not share it with anyone.',
    refundPaid: 'Bean Bazaar: we refunded {amount} for your order {order} to your {destination}. Thank you for your patience.',
    refundDestinations: { card: 'card', wallet: 'Bean Bazaar wallet' },
    delivered: 'Bean Bazaar: your order {order} was delivered. Thank you!',
    /** A few days after delivery (RATING_REQUEST_DAYS, issue 52): the link opens the rating form. */
    rateRequest: 'Bean Bazaar: how was your order {order}? Rate what you received at {link} and help other coffee lovers choose.',
    failedAttempt: 'Bean Bazaar: we could not deliver your order {order} today. When should the courier come again?',
    dayChoices: { tomorrow: 'Tomorrow', day_after: 'The day after', call_me: 'Call me' },
    dayChosen: 'Bean Bazaar: thank you. We noted your answer for order {order}: {choice}. Our team will arrange the delivery.',
    paymentCode:
      'Bean Bazaar: your order {order} is reserved for you until {date}. Pay {amount} in cash with the payment code {code} at any Fawry, Aman or Masary point.',
    movedOn: 'Bean Bazaar: thank you, your order {order} has already moved on, so nothing was changed. Call us if you need help.',
    changeAddress: 'Bean Bazaar: tell us your new address in a message here; our team will call you to confirm order {order}.',
    smsLink: 'Answer here: {link}',
    /** A notification's title (Web Push, decision 029); its text is the message's. */
    push: { title: 'Order {order}' },
    link: {
      title: 'Confirm your order',
      intro: 'You received this link by SMS. Choose your answer:',
      invalid: 'This link is not valid. Check the SMS, or call us.',
      done: {
        confirmed: 'Thank you: your order is confirmed.',
        cancelled: 'Your order is cancelled.',
        change_address: 'Our team will call you to take the new address.',
        moved_on: 'Your order has already moved on, so nothing was changed.',
        used: 'This link has already been used.',
      },
    },
    errors: {
      badSignature: 'Webhook refused: the signature does not match.',
      verifyRefused: 'Webhook verification refused.',
      badPayload: 'Webhook refused: the body is not JSON.',
      notDemo: 'The simulator works only in the demo (MESSAGING=demo).',
      messageNotFound: 'This message is no longer in the outbox.',
      pushOff: 'Notifications are not available in this shop.',
      pushEndpoint: 'This browser’s push service is not accepted.',
    },
    simulator: {
      title: 'Message simulator',
      intro:
        'What shoppers receive on WhatsApp in this demo. Tap a reply to answer as the shopper: it is posted to the shop’s webhook signed as Meta signs it.',
      empty: 'No messages yet.',
      to: 'To {phone}',
      order: 'Order {order}',
      replied: 'Answered: {reply}',
      tapped: 'Reply sent',
      status: {
        queued: 'waiting to be sent',
        sent: 'sent',
        delivered: 'delivered',
        read: 'read',
        failed: 'failed',
        skipped: 'not sent',
      },
      channel: { whatsapp: 'WhatsApp', sms: 'SMS', push: 'Notification' },
    },
  },
  {
    consent:
      'أوافق على استلام تأكيد الطلب وتحديثات التوصيل على واتساب (أو برسالة SMS) على رقم موبايلي، ويمكنني إيقافها في أي وقت بإرسال «إلغاء».',
    confirm: {
      body: 'بازار البن: برجاء تأكيد طلبك {order}. الإجمالي {total}، والمبلغ المطلوب نقدًا عند الاستلام {cash}. نتوقع توصيله بحلول {date}. اختر ردك بالأسفل.',
      replies: { confirm: 'تأكيد الطلب', change_address: 'تغيير العنوان', cancel: 'إلغاء الطلب' },
    },
    withCourier: 'بازار البن: طلبك {order} مع مندوب الشحن الآن. برجاء تجهيز {cash} نقدًا.',
    withCourierTracking: 'بازار البن: طلبك {order} مع مندوب الشحن الآن. برجاء تجهيز {cash} نقدًا. تابِع شحنتك على {link} حتى تصلك.',
    outForDelivery: 'بازار البن: طلبك {order} خرج للتوصيل اليوم. برجاء تجهيز {cash} نقدًا بالضبط للمندوب.',
    paid: {
      withCourier: 'بازار البن: طلبك {order} مع مندوب الشحن الآن. الطلب مدفوع بالكامل، فلا تدفع شيئًا عند الاستلام.',
      withCourierTracking:
        'بازار البن: طلبك {order} مع مندوب الشحن الآن. الطلب مدفوع بالكامل، فلا تدفع شيئًا عند الاستلام. تابِع شحنتك على {link} حتى تصلك.',
      outForDelivery: 'بازار البن: طلبك {order} خرج للتوصيل اليوم. الطلب مدفوع بالكامل، فلا تدفع شيئًا للمندوب.',
    },
    money: '{amount}\u00a0ج.م',
    smsCode: '{brand}: رمز التحقق الخاص بك هو {code}. لا تشاركه مع أي أحد.',
    refundPaid: 'بازار البن: تم ردّ {amount} عن طلبك {order} إلى {destination}. شكرًا لصبرك.',
    refundDestinations: { card: 'بطاقتك', wallet: 'محفظتك في بازار البن' },
    delivered: 'بازار البن: تم توصيل طلبك {order}. شكرًا لك!',
    rateRequest: 'بازار البن: ما رأيك في طلبك {order}؟ قيّم ما وصلك على {link} لتساعد غيرك من محبي القهوة على الاختيار.',
    failedAttempt: 'بازار البن: تعذّر توصيل طلبك {order} اليوم. متى يناسبك أن يأتيك المندوب مرة أخرى؟',
    dayChoices: { tomorrow: 'غدًا', day_after: 'بعد غد', call_me: 'اتصلوا بي' },
    dayChosen: 'بازار البن: شكرًا لك. سجّلنا ردك على الطلب {order}: {choice}. سيرتّب فريقنا موعد التوصيل.',
    paymentCode:
      'بازار البن: طلبك {order} محجوز لك حتى {date}. ادفع {amount} نقدًا بكود الدفع {code} في أي منفذ فوري أو أمان أو مصاري.',
    movedOn: 'بازار البن: شكرًا لك، طلبك {order} تجاوز هذه المرحلة ولم يتغير شيء. اتصل بنا إن احتجت مساعدة.',
    changeAddress: 'بازار البن: اكتب عنوانك الجديد في رسالة هنا، وسيتصل بك فريقنا لتأكيد الطلب {order}.',
    smsLink: 'للرد: {link}',
    push: { title: 'الطلب {order}' },
    link: {
      title: 'تأكيد طلبك',
      intro: 'وصلك هذا الرابط برسالة SMS. اختر ردك:',
      invalid: 'هذا الرابط غير صالح. راجع الرسالة أو اتصل بنا.',
      done: {
        confirmed: 'شكرًا لك: تم تأكيد طلبك.',
        cancelled: 'تم إلغاء طلبك.',
        change_address: 'سيتصل بك فريقنا لأخذ العنوان الجديد.',
        moved_on: 'طلبك تجاوز هذه المرحلة، ولم يتغير شيء.',
        used: 'تم استخدام هذا الرابط من قبل.',
      },
    },
    errors: {
      badSignature: 'رُفض الويب هوك: التوقيع غير مطابق.',
      verifyRefused: 'رُفض التحقق من الويب هوك.',
      badPayload: 'رُفض الويب هوك: البيانات المرسلة ليست بصيغة JSON.',
      notDemo: 'يعمل المحاكي في العرض التجريبي فقط (MESSAGING=demo).',
      messageNotFound: 'لم تعد هذه الرسالة في صندوق الصادر.',
      pushOff: 'الإشعارات غير متاحة في هذا المتجر.',
      pushEndpoint: 'خدمة الإشعارات في هذا المتصفح غير مقبولة.',
    },
    simulator: {
      title: 'محاكي الرسائل',
      intro:
        'ما يصل إلى العملاء على واتساب في هذا العرض التجريبي. اضغط ردًا لتجيب بدلًا من العميل: يُرسَل الرد إلى المتجر موقّعًا كما توقّعه Meta.',
      empty: 'لا توجد رسائل بعد.',
      to: 'إلى {phone}',
      order: 'الطلب {order}',
      replied: 'الرد: {reply}',
      tapped: 'أُرسل الرد',
      status: {
        queued: 'في انتظار الإرسال',
        sent: 'أُرسلت',
        delivered: 'وصلت',
        read: 'قُرئت',
        failed: 'تعذّر إرسالها',
        skipped: 'لم تُرسل',
      },
      channel: { whatsapp: 'واتساب', sms: 'SMS', push: 'إشعار' },
    },
  },
);
