/**
 * The home page's slides, advertisements and shipping steps as the shop ships them, in both languages: editors change,
 * add and reorder them in the editors' desk (`slide-1`, `ad-1`, `step-1` …, home-entries.ts), published with the site.
 */
type Bi = { en: string; ar: string };

export const slides: { id: number; title: Bi; text: Bi; art: string; alt: Bi; cta: Bi; link: string }[] = [
  {
    id: 1,
    title: { en: 'This week’s Ethiopian roasts are in', ar: 'وصل بُن إثيوبيا المحمّص لهذا الأسبوع' },
    text: {
      en: 'Yirgacheffe and Sidamo, roasted in New Cairo on Sunday, at your door by Tuesday.',
      ar: 'يرغاتشيف وسيدامو، محمّصة في القاهرة الجديدة يوم الأحد وتصلك قبل الثلاثاء.',
    },
    art: 'bag-28-0',
    alt: { en: 'A bag of freshly roasted Ethiopian coffee', ar: 'كيس بن إثيوبي محمّص حديثًا' },
    cta: { en: 'Shop single origins', ar: 'تسوّق القهوة أحادية المصدر' },
    link: '/products?category=1&subCategory=1',
  },
  {
    id: 2,
    title: { en: 'Grind fresh, taste the difference', ar: 'اطحن طازجًا، وتذوّق الفرق' },
    text: {
      en: 'Burr grinders from 1,450 EGP: the single biggest upgrade for coffee at home.',
      ar: 'مطاحن بالتروس تبدأ من 1,450 جنيه: أكبر ترقية لقهوتك في البيت.',
    },
    art: 'grinder-200-0',
    alt: { en: 'A burr coffee grinder', ar: 'مطحنة قهوة بالتروس' },
    cta: { en: 'See grinders', ar: 'شاهد المطاحن' },
    link: '/products?category=2&subCategory=7',
  },
  {
    id: 3,
    title: { en: 'Cold brew season', ar: 'موسم الكولد برو' },
    text: {
      en: 'Our step-by-step recipe makes a litre of smooth cold brew overnight.',
      ar: 'وصفتنا خطوة بخطوة تحضّر لترًا من الكولد برو الناعم في ليلة واحدة.',
    },
    art: 'bottle-160-0',
    alt: { en: 'A bottle of cold brew coffee', ar: 'زجاجة قهوة كولد برو' },
    cta: { en: 'Get the recipe', ar: 'اعرف الوصفة' },
    link: '/single-recipe/overnight-cold-brew',
  },
];

export const advertisements: { id: number; title: Bi; text: Bi; art: string; alt: Bi; link: string }[] = [
  {
    id: 1,
    title: { en: 'Free delivery over 1,000 EGP', ar: 'توصيل مجاني للطلبات فوق 1,000 جنيه' },
    text: { en: 'Anywhere in Greater Cairo, this month.', ar: 'في كل القاهرة الكبرى، طوال هذا الشهر.' },
    art: 'machine-18-1',
    alt: { en: 'An espresso machine', ar: 'ماكينة إسبريسو' },
    link: '/offers',
  },
  {
    id: 2,
    title: { en: 'Sell your roast with us', ar: 'بِع محمصتك معنا' },
    text: { en: 'Roasters and brands: reach coffee lovers across Egypt.', ar: 'للمحامص والعلامات: وصّل قهوتك لمحبيها في كل مصر.' },
    art: 'gift-320-1',
    alt: { en: 'A coffee gift box', ar: 'صندوق هدايا قهوة' },
    link: '/become-partner',
  },
];

export const shippingSteps: { step: number; title: Bi; text: Bi; icon: 'cart' | 'roast' | 'truck' | 'home' }[] = [
  {
    step: 1,
    icon: 'cart',
    title: { en: 'Order online', ar: 'اطلب أونلاين' },
    text: {
      en: 'Pay by card, instalments, wallet or cash on delivery.',
      ar: 'ادفع بالبطاقة أو بالتقسيط أو من المحفظة أو نقدًا عند الاستلام.',
    },
  },
  {
    step: 2,
    icon: 'roast',
    title: { en: 'We pack it fresh', ar: 'نجهّزه طازجًا' },
    text: {
      en: 'Coffee is roasted to order and sealed with a one-way valve.',
      ar: 'نحمّص القهوة حسب الطلب ونغلقها بصمام أحادي الاتجاه.',
    },
  },
  {
    step: 3,
    icon: 'truck',
    title: { en: 'Courier picks up', ar: 'المندوب يستلم' },
    text: {
      en: 'Dispatched from New Cairo the same or next working day.',
      ar: 'نشحن من القاهرة الجديدة في نفس يوم العمل أو اليوم التالي.',
    },
  },
  {
    step: 4,
    icon: 'home',
    title: { en: 'At your door', ar: 'على بابك' },
    text: {
      en: 'Delivery takes 1 to 3 days at most, anywhere in Egypt.',
      ar: 'يستغرق التوصيل من 1 إلى 3 أيام على الأكثر في أي مكان بمصر.',
    },
  },
];
