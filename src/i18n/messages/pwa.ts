import { defineMessages } from './define.ts';

/** The installed shop and offline browsing (issue 41, decision 025): notices, the offline pages, the app page. */
export const pwaMessages = defineMessages(
  {
    /** The home-screen name, where the full name does not fit. */
    shortName: 'Bean Bazaar',
    offlineNotice: 'No connection: prices shown may be out of date, and checkout needs an internet connection.',
    updateReady: 'A new version of the shop is ready.',
    reload: 'Reload',
    offline: {
      title: 'You are offline',
      text: 'This page has not been saved on this device yet. The pages you visited and your cart still work without a connection.',
      retry: 'Try again',
      home: 'Go to the home page',
    },
    checkoutOffline: {
      title: 'Checkout needs a connection',
      text: 'Before you pay we check current prices and stock, so checkout and payment need an internet connection. Your cart is kept on this device: come back once you are online.',
    },
    app: {
      title: 'Get the mobile app',
      intro:
        'Add Bean Bazaar to your phone’s home screen: it opens like an app, with no app store and no download, and the pages you visited stay available when your connection drops.',
      install: 'Install the app',
      installed: 'Bean Bazaar is installed on this device: open it from your home screen.',
      androidTitle: 'On Android (Chrome, Samsung Internet, Edge)',
      androidStep1: 'Open the browser menu (⋮).',
      androidStep2: 'Tap “Install app” or “Add to Home screen”.',
      androidStep3: 'Confirm: the Bean Bazaar icon appears on your home screen.',
      iosTitle: 'On iPhone and iPad (Safari)',
      iosStep1: 'Tap the Share button (the square with an arrow) at the bottom of the screen.',
      iosStep2: 'Scroll down and tap “Add to Home Screen”.',
      iosStep3: 'Tap “Add”: the Bean Bazaar icon appears on your home screen.',
    },
    notifications: {
      title: 'Order updates on this device',
      intro:
        'Get a notification when your order is with the courier, delivered, or could not be delivered, and when a payment code is waiting.',
      turnOn: 'Turn on notifications',
      turnOff: 'Turn off notifications',
      on: 'Notifications are on for this device.',
      off: 'Notifications are off for this device.',
      denied: 'Notifications are blocked for this site in your browser settings. Allow them there, then tap the button again.',
      iosInstall:
        'On iPhone and iPad, notifications work once the shop is on your home screen (iOS 16.4 or later): add it, open it from there, then turn them on.',
      iosHow: 'How to add it',
      unsupported: 'This browser cannot show notifications from the shop.',
      failed: 'Notifications could not be turned on. Try again.',
    },
  },
  {
    shortName: 'بازار البن',
    offlineNotice: 'لا يوجد اتصال: قد لا تكون الأسعار المعروضة محدّثة، وإتمام الشراء يحتاج إلى اتصال بالإنترنت.',
    updateReady: 'نسخة جديدة من المتجر جاهزة.',
    reload: 'إعادة التحميل',
    offline: {
      title: 'أنت غير متصل بالإنترنت',
      text: 'هذه الصفحة لم تُحفظ على هذا الجهاز بعد. الصفحات التي زرتها وعربتك تعمل دون اتصال.',
      retry: 'حاول مرة أخرى',
      home: 'اذهب إلى الصفحة الرئيسية',
    },
    checkoutOffline: {
      title: 'إتمام الشراء يحتاج إلى اتصال بالإنترنت',
      text: 'قبل الدفع نتحقق من الأسعار والمخزون الحاليين، لذلك يحتاج إتمام الشراء والدفع إلى اتصال بالإنترنت. عربتك محفوظة على هذا الجهاز: عُد إليها عندما تتصل.',
    },
    app: {
      title: 'ثبّت تطبيق الموبايل',
      intro:
        'أضف بازار البن إلى الشاشة الرئيسية لموبايلك: يفتح مثل التطبيق، دون متجر تطبيقات ودون تنزيل، والصفحات التي زرتها تبقى متاحة عندما ينقطع الاتصال.',
      install: 'ثبّت التطبيق',
      installed: 'بازار البن مثبّت على هذا الجهاز: افتحه من الشاشة الرئيسية.',
      androidTitle: 'على أندرويد (كروم، سامسونج إنترنت، إيدج)',
      androidStep1: 'افتح قائمة المتصفح (⋮).',
      androidStep2: 'اضغط «تثبيت التطبيق» أو «إضافة إلى الشاشة الرئيسية».',
      androidStep3: 'أكّد: تظهر أيقونة بازار البن على الشاشة الرئيسية.',
      iosTitle: 'على آيفون وآيباد (سفاري)',
      iosStep1: 'اضغط زر المشاركة (المربع والسهم) أسفل الشاشة.',
      iosStep2: 'مرّر لأسفل واضغط «إضافة إلى الشاشة الرئيسية».',
      iosStep3: 'اضغط «إضافة»: تظهر أيقونة بازار البن على الشاشة الرئيسية.',
    },
    notifications: {
      title: 'تحديثات الطلب على هذا الجهاز',
      intro: 'يصلك إشعار عندما يكون طلبك مع مندوب الشحن، وعند توصيله أو إذا تعذّر التوصيل، وعندما يكون كود الدفع في انتظارك.',
      turnOn: 'فعّل الإشعارات',
      turnOff: 'أوقف الإشعارات',
      on: 'الإشعارات مفعّلة على هذا الجهاز.',
      off: 'الإشعارات متوقفة على هذا الجهاز.',
      denied: 'الإشعارات محظورة لهذا الموقع في إعدادات المتصفح. اسمح بها من هناك، ثم اضغط الزر مرة أخرى.',
      iosInstall:
        'على آيفون وآيباد تعمل الإشعارات بعد إضافة المتجر إلى الشاشة الرئيسية (iOS 16.4 أو أحدث): أضفه، وافتحه من هناك، ثم فعّل الإشعارات.',
      iosHow: 'طريقة الإضافة',
      unsupported: 'هذا المتصفح لا يعرض إشعارات المتجر.',
      failed: 'تعذّر تفعيل الإشعارات. حاول مرة أخرى.',
    },
  },
);
