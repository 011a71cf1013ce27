import { defineMessages } from './define.ts';

/**
 * The API guide page (/{locale}/api-reference, issue 42): what a partner's developer reads before the full reference,
 * which stays in English. Field names, headers and paths are code: the page shows them apart, in <code>, untranslated.
 */
export const apiGuideMessages = defineMessages(
  {
    title: 'The shop’s API',
    intro:
      'Bean Bazaar’s JSON API is what the shop’s own pages, the back office and our partners’ scripts use to read the catalog, fill a cart and place orders. This page says how to start; the full reference lists every operation.',
    documentTitle: 'The document',
    documentText:
      'The API is described by an OpenAPI 3.1 document generated from the shop’s own code, so it always matches what the server answers. Anyone may read it at:',
    authTitle: 'Signing in',
    authText:
      'Reading products and content needs no sign-in. A shopper’s own data (cart, orders, addresses, wallet) needs an access token, sent in the Authorization header as follows.',
    refreshText:
      'An access token lasts a short time. The web shop renews it with its refresh cookie, bb_refresh; an app sends its refresh token in the body instead.',
    errorsTitle: 'Errors',
    errorsText: 'A refused operation answers with a 4xx status and always the same body:',
    errorMessage: 'the text to show the person, in their language',
    errorErrors: 'one entry per field that was refused',
    errorCode: 'the same in every language, for a program to compare',
    retryText: 'A 429 or a 503 says when to try again in its Retry-After header.',
    languagesTitle: 'Languages',
    languagesText:
      'Add lang=ar-SA to any operation for answers in Arabic (names, descriptions, messages); any other value answers in English. Without lang, the Accept-Language header decides.',
    referenceTitle: 'The full reference',
    referenceText: 'Every operation with its inputs, its answers and their fields. The reference is in English.',
    referenceLink: 'Open the API reference',
  },
  {
    title: 'واجهة برمجة تطبيقات المتجر',
    intro:
      'واجهة برمجة تطبيقات بازار البن بصيغة JSON هي ما تستخدمه صفحات المتجر ولوحة الإدارة وبرامج شركائنا لقراءة المنتجات وملء العربة وتقديم الطلبات. تشرح هذه الصفحة كيف تبدأ، ويعرض المرجع الكامل كل العمليات.',
    documentTitle: 'وثيقة الواجهة',
    documentText:
      'تصف الواجهةَ وثيقةُ OpenAPI 3.1 تُولَّد من شيفرة المتجر نفسها، فتطابق دائمًا ما يجيب به الخادم. يستطيع أي شخص قراءتها على العنوان:',
    authTitle: 'تسجيل الدخول',
    authText:
      'قراءة المنتجات والمحتوى لا تحتاج إلى تسجيل الدخول. أما بيانات المتسوق نفسه (العربة والطلبات والعناوين والمحفظة) فتحتاج إلى رمز دخول يُرسل في ترويسة Authorization على النحو التالي.',
    refreshText:
      'صلاحية رمز الدخول قصيرة. يجدّده المتجر على الويب بملف تعريف الارتباط الخاص بالتجديد، bb_refresh، أما التطبيق فيرسل رمز التجديد في متن البيانات المرسلة.',
    errorsTitle: 'الأخطاء',
    errorsText: 'العملية المرفوضة تجيب بحالة 4xx وبالشكل نفسه دائمًا:',
    errorMessage: 'النص الذي يُعرض للشخص، بلغته',
    errorErrors: 'خطأ لكل حقل مرفوض',
    errorCode: 'لا يتغير بتغير اللغة، ليقارنه البرنامج',
    retryText: 'وتذكر الحالتان 429 و503 في ترويسة Retry-After متى تُعاد المحاولة.',
    languagesTitle: 'اللغات',
    languagesText:
      'أضف lang=ar-SA إلى أي عملية لتصلك الإجابات بالعربية (الأسماء والأوصاف والرسائل)، وأي قيمة أخرى تعطي الإجابات بالإنجليزية. وبدون lang تحدد ترويسة Accept-Language اللغة.',
    referenceTitle: 'المرجع الكامل',
    referenceText: 'كل عملية بمدخلاتها وإجاباتها وحقولها. المرجع باللغة الإنجليزية.',
    referenceLink: 'افتح مرجع الواجهة',
  },
);
