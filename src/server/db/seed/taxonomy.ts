/** The demo shop's categories, sub-categories and brands, in both languages. */
export interface Named {
  slug: string;
  en: string;
  ar: string;
}

export interface CategorySeed extends Named {
  /** The Arabic name with its article ("كل القهوة"), written by hand: the article does not follow one rule. */
  arDefinite: string;
  subs: Named[];
}

export const categories: CategorySeed[] = [
  {
    slug: 'coffee',
    en: 'Coffee',
    ar: 'قهوة',
    arDefinite: 'القهوة',
    subs: [
      { slug: 'single-origin', en: 'Single origin', ar: 'قهوة أحادية المصدر' },
      { slug: 'espresso-blends', en: 'Espresso blends', ar: 'خلطات إسبريسو' },
      { slug: 'filter-coffee', en: 'Filter coffee', ar: 'قهوة مفلترة' },
      { slug: 'turkish-coffee', en: 'Turkish coffee', ar: 'بن تركي' },
      { slug: 'capsules', en: 'Capsules', ar: 'كبسولات' },
    ],
  },
  {
    slug: 'equipment',
    en: 'Equipment',
    ar: 'معدات',
    arDefinite: 'المعدات',
    subs: [
      { slug: 'espresso-machines', en: 'Espresso machines', ar: 'ماكينات إسبريسو' },
      { slug: 'grinders', en: 'Grinders', ar: 'مطاحن' },
      { slug: 'kettles', en: 'Kettles', ar: 'غلايات' },
      { slug: 'pour-over', en: 'Pour-over', ar: 'أدوات التقطير' },
      { slug: 'french-press', en: 'French press', ar: 'فرنش برس' },
    ],
  },
  {
    slug: 'accessories',
    en: 'Accessories',
    ar: 'إكسسوارات',
    arDefinite: 'الإكسسوارات',
    subs: [
      { slug: 'cups-mugs', en: 'Cups & mugs', ar: 'أكواب وفناجين' },
      { slug: 'scales', en: 'Scales', ar: 'موازين' },
      { slug: 'filters', en: 'Paper filters', ar: 'فلاتر ورقية' },
      { slug: 'tampers', en: 'Tampers', ar: 'مكابس التامبر' },
      { slug: 'storage', en: 'Storage', ar: 'علب الحفظ' },
    ],
  },
  {
    slug: 'specialty',
    en: 'Specialty items',
    ar: 'منتجات مميزة',
    arDefinite: 'المنتجات المميزة',
    subs: [
      { slug: 'gift-boxes', en: 'Gift boxes', ar: 'صناديق هدايا' },
      { slug: 'syrups', en: 'Syrups', ar: 'شراب النكهات' },
      { slug: 'limited-editions', en: 'Limited editions', ar: 'إصدارات محدودة' },
      { slug: 'cold-brew', en: 'Cold brew', ar: 'كولد برو' },
    ],
  },
];

export interface SellerSeed extends Named {
  descriptionEn: string;
  descriptionAr: string;
  cityEn: string;
  cityAr: string;
}

export const sellers: SellerSeed[] = [
  {
    slug: 'nile-roasters',
    en: 'Nile Roasters',
    ar: 'محمصة النيل',
    cityEn: 'New Cairo',
    cityAr: 'القاهرة الجديدة',
    descriptionEn: 'Small-batch roaster sourcing directly from farms in Ethiopia, Yemen and Colombia.',
    descriptionAr: 'محمصة بكميات صغيرة تشتري مباشرة من مزارع إثيوبيا واليمن وكولومبيا.',
  },
  {
    slug: 'zamalek-roastery',
    en: 'Zamalek Roastery',
    ar: 'محمصة الزمالك',
    cityEn: 'Cairo',
    cityAr: 'القاهرة',
    descriptionEn: 'Roasting espresso blends for Cairo cafés since 2009.',
    descriptionAr: 'تحمّص خلطات الإسبريسو لمقاهي القاهرة منذ 2009.',
  },
  {
    slug: 'alexandria-coffee-house',
    en: 'Alexandria Coffee House',
    ar: 'بيت قهوة الإسكندرية',
    cityEn: 'Alexandria',
    cityAr: 'الإسكندرية',
    descriptionEn: 'Traditional Turkish coffee ground fresh, with and without cardamom.',
    descriptionAr: 'بن تركي تقليدي يُطحن طازجًا، سادة ومحوّج.',
  },
  {
    slug: 'brew-lab-egypt',
    en: 'Brew Lab Egypt',
    ar: 'برو لاب مصر',
    cityEn: 'Giza',
    cityAr: 'الجيزة',
    descriptionEn: 'Brewing gear tested by baristas: drippers, kettles, scales and grinders.',
    descriptionAr: 'أدوات تحضير يختبرها الباريستا: أدوات تقطير وغلايات وموازين ومطاحن.',
  },
  {
    slug: 'sinai-gear',
    en: 'Sinai Gear',
    ar: 'سيناء للمعدات',
    cityEn: 'Sharm El Sheikh',
    cityAr: 'شرم الشيخ',
    descriptionEn: 'Espresso machines and grinders with local warranty and service.',
    descriptionAr: 'ماكينات إسبريسو ومطاحن بضمان وصيانة محلية.',
  },
  {
    slug: 'delta-ceramics',
    en: 'Delta Ceramics',
    ar: 'خزف الدلتا',
    cityEn: 'Mansoura',
    cityAr: 'المنصورة',
    descriptionEn: 'Hand-thrown cups, mugs and fenjans from the Nile Delta.',
    descriptionAr: 'أكواب وفناجين مصنوعة يدويًا من دلتا النيل.',
  },
  {
    slug: 'aswan-specialty',
    en: 'Aswan Specialty',
    ar: 'أسوان المميزة',
    cityEn: 'Aswan',
    cityAr: 'أسوان',
    descriptionEn: 'Gift boxes, syrups and limited micro-lots for the curious drinker.',
    descriptionAr: 'صناديق هدايا وشراب نكهات ودفعات محدودة لعشاق التجربة.',
  },
  {
    slug: 'cairo-bean-co',
    en: 'Cairo Bean Co.',
    ar: 'كايرو بين',
    cityEn: 'Heliopolis',
    cityAr: 'مصر الجديدة',
    descriptionEn: 'Everyday coffee and capsules, roasted weekly in Heliopolis.',
    descriptionAr: 'قهوة وكبسولات يومية تُحمّص أسبوعيًا في مصر الجديدة.',
  },
];
