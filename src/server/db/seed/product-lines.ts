/**
 * Demo product lines. Each line becomes one product, or one product per weight when `weights` is given
 * (those products form a variant group). Prices are in whole EGP here and stored as piastres.
 */
import type { ArtKind } from '../../media/product-art.ts';
export type { ArtKind };

export interface ProductLine {
  en: string;
  ar: string;
  /** EGP for the smallest weight, or for the item. */
  egp: number;
  seller: string;
  notesEn?: string;
  notesAr?: string;
  weights?: number[];
  grams?: number;
}

export interface SubCategoryLines {
  sub: string;
  art: ArtKind;
  descriptionEn: string;
  descriptionAr: string;
  lines: ProductLine[];
}

const coffeeWeights = [250, 1000];

const origin = (
  en: string,
  ar: string,
  egp: number,
  notesEn: string,
  notesAr: string,
  seller = 'nile-roasters',
): ProductLine => ({
  en,
  ar,
  egp,
  seller,
  notesEn,
  notesAr,
  weights: coffeeWeights,
});

export const productLines: SubCategoryLines[] = [
  {
    sub: 'single-origin',
    art: 'bag',
    descriptionEn: 'Roasted to order and shipped within 48 hours of roasting. Tasting notes: {notes}.',
    descriptionAr: 'تُحمّص عند الطلب وتُشحن خلال 48 ساعة من التحميص. النكهات: {notes}.',
    lines: [
      origin('Ethiopia Yirgacheffe', 'إثيوبيا يرغاتشيف', 520, 'jasmine, lemon, black tea', 'الياسمين والليمون والشاي الأسود'),
      origin('Ethiopia Guji Natural', 'إثيوبيا جوجي مجففة', 560, 'blueberry, cocoa, honey', 'التوت الأزرق والكاكاو والعسل'),
      origin('Colombia Huila', 'كولومبيا هويلا', 480, 'caramel, red apple, orange', 'الكراميل والتفاح الأحمر والبرتقال'),
      origin(
        'Brazil Cerrado',
        'البرازيل سيرادو',
        390,
        'chocolate, hazelnut, brown sugar',
        'الشوكولاتة والبندق والسكر البني',
        'cairo-bean-co',
      ),
      origin('Kenya Nyeri AA', 'كينيا نييري AA', 610, 'blackcurrant, grapefruit, tomato', 'الكشمش الأسود والجريب فروت'),
      origin('Yemen Haraz', 'اليمن حراز', 890, 'dried fig, spice, dark chocolate', 'التين المجفف والتوابل والشوكولاتة الداكنة'),
      origin('Guatemala Antigua', 'جواتيمالا أنتيجوا', 470, 'milk chocolate, almond, plum', 'شوكولاتة الحليب واللوز والبرقوق'),
      origin('Costa Rica Tarrazu Honey', 'كوستاريكا تارازو هاني', 540, 'apricot, panela, lime', 'المشمش والسكر الخام والليمون'),
      origin('Rwanda Nyamasheke', 'رواندا نياماشيكي', 500, 'red grape, hibiscus, vanilla', 'العنب الأحمر والكركديه والفانيليا'),
      origin(
        'Indonesia Sumatra Mandheling',
        'إندونيسيا سومطرة ماندهيلنج',
        450,
        'cedar, cocoa, earthy sweetness',
        'خشب الأرز والكاكاو وحلاوة ترابية',
        'cairo-bean-co',
      ),
    ],
  },
  {
    sub: 'espresso-blends',
    art: 'bag',
    descriptionEn: 'An espresso blend built for milk and straight shots alike. Tasting notes: {notes}.',
    descriptionAr: 'خلطة إسبريسو مناسبة للمشروبات بالحليب وللشوت السادة. النكهات: {notes}.',
    lines: [
      origin(
        'Zamalek House Espresso',
        'إسبريسو الزمالك الخاص',
        360,
        'dark chocolate, toffee',
        'الشوكولاتة الداكنة والتوفي',
        'zamalek-roastery',
      ),
      origin(
        'Downtown Crema Blend',
        'خلطة كريما وسط البلد',
        340,
        'cocoa, roasted nuts',
        'الكاكاو والمكسرات المحمصة',
        'zamalek-roastery',
      ),
      origin('Nile Sunrise Espresso', 'إسبريسو شروق النيل', 420, 'cherry, milk chocolate', 'الكرز وشوكولاتة الحليب'),
      origin(
        'Decaf Swiss Water Espresso',
        'إسبريسو منزوع الكافيين',
        450,
        'caramel, malt',
        'الكراميل والشعير',
        'zamalek-roastery',
      ),
      origin('Barista Bold Blend', 'خلطة الباريستا القوية', 330, 'molasses, spice', 'العسل الأسود والتوابل', 'cairo-bean-co'),
      origin('Heliopolis Morning Blend', 'خلطة صباح مصر الجديدة', 310, 'biscuit, honey', 'البسكويت والعسل', 'cairo-bean-co'),
    ],
  },
  {
    sub: 'filter-coffee',
    art: 'bag',
    descriptionEn: 'A light roast for V60, Chemex and batch brewers. Tasting notes: {notes}.',
    descriptionAr: 'تحميص فاتح لأدوات V60 وكيمكس وماكينات التقطير. النكهات: {notes}.',
    lines: [
      origin('Filter Roast Ethiopia Sidama', 'تحميص فلتر إثيوبيا سيداما', 530, 'peach, bergamot', 'الخوخ والبرغموت'),
      origin('Filter Roast Colombia Nariño', 'تحميص فلتر كولومبيا نارينيو', 495, 'raspberry, cane sugar', 'التوت والسكر'),
      origin(
        'Filter Roast Panama Boquete',
        'تحميص فلتر بنما بوكيتي',
        780,
        'orange blossom, mango',
        'زهر البرتقال والمانجو',
        'aswan-specialty',
      ),
      origin(
        'Filter Roast Burundi Kayanza',
        'تحميص فلتر بوروندي كايانزا',
        515,
        'cranberry, black tea',
        'التوت البري والشاي الأسود',
      ),
      origin('Filter Roast Peru Cajamarca', 'تحميص فلتر بيرو كاخاماركا', 460, 'pecan, milk chocolate', 'البقان وشوكولاتة الحليب'),
      origin(
        'Filter Roast El Salvador Pacamara',
        'تحميص فلتر السلفادور باكامارا',
        590,
        'tamarind, red plum',
        'التمر الهندي والبرقوق الأحمر',
        'aswan-specialty',
      ),
    ],
  },
  {
    sub: 'turkish-coffee',
    art: 'bag',
    descriptionEn: 'Finely ground for the kanaka, the way Alexandria drinks it. Profile: {notes}.',
    descriptionAr: 'مطحون ناعم للكنكة على طريقة أهل الإسكندرية. الطابع: {notes}.',
    lines: [
      origin('Turkish Coffee Light Roast', 'بن تركي فاتح', 180, 'mild, nutty', 'خفيف بطعم المكسرات', 'alexandria-coffee-house'),
      origin(
        'Turkish Coffee Medium Roast',
        'بن تركي وسط',
        185,
        'balanced, cocoa',
        'متوازن بطعم الكاكاو',
        'alexandria-coffee-house',
      ),
      origin('Turkish Coffee Dark Roast', 'بن تركي غامق', 190, 'bold, smoky', 'قوي مدخن', 'alexandria-coffee-house'),
      origin(
        'Turkish Coffee with Cardamom',
        'بن تركي محوّج بالحبهان',
        215,
        'cardamom, warm spice',
        'الحبهان والتوابل الدافئة',
        'alexandria-coffee-house',
      ),
      origin(
        'Turkish Coffee Extra Cardamom',
        'بن تركي محوّج زيادة',
        230,
        'strong cardamom',
        'حبهان قوي',
        'alexandria-coffee-house',
      ),
      origin(
        'Turkish Coffee Yemeni Mocha',
        'بن تركي موكا يمني',
        320,
        'winey, dried fruit',
        'نبيذي بطعم الفواكه المجففة',
        'alexandria-coffee-house',
      ),
    ],
  },
  {
    sub: 'capsules',
    art: 'capsule',
    descriptionEn: 'Ten aluminium capsules compatible with Nespresso Original machines. Intensity and notes: {notes}.',
    descriptionAr: 'عشر كبسولات ألومنيوم متوافقة مع ماكينات نسبريسو الأصلية. الشدة والنكهات: {notes}.',
    lines: [
      {
        en: 'Ristretto Capsules x10',
        ar: 'كبسولات ريستريتو ×10',
        egp: 210,
        seller: 'cairo-bean-co',
        notesEn: 'intensity 10, cocoa',
        notesAr: 'شدة 10، كاكاو',
      },
      {
        en: 'Lungo Capsules x10',
        ar: 'كبسولات لونجو ×10',
        egp: 200,
        seller: 'cairo-bean-co',
        notesEn: 'intensity 6, cereal',
        notesAr: 'شدة 6، حبوب',
      },
      {
        en: 'Ethiopia Capsules x10',
        ar: 'كبسولات إثيوبيا ×10',
        egp: 240,
        seller: 'nile-roasters',
        notesEn: 'intensity 5, floral',
        notesAr: 'شدة 5، زهري',
      },
      {
        en: 'Decaf Capsules x10',
        ar: 'كبسولات منزوعة الكافيين ×10',
        egp: 220,
        seller: 'cairo-bean-co',
        notesEn: 'intensity 7, caramel',
        notesAr: 'شدة 7، كراميل',
      },
      {
        en: 'Caramel Capsules x10',
        ar: 'كبسولات كراميل ×10',
        egp: 230,
        seller: 'cairo-bean-co',
        notesEn: 'intensity 6, caramel',
        notesAr: 'شدة 6، كراميل',
      },
      {
        en: 'Vanilla Capsules x10',
        ar: 'كبسولات فانيليا ×10',
        egp: 230,
        seller: 'cairo-bean-co',
        notesEn: 'intensity 6, vanilla',
        notesAr: 'شدة 6، فانيليا',
      },
      {
        en: 'Colombia Capsules x10',
        ar: 'كبسولات كولومبيا ×10',
        egp: 235,
        seller: 'nile-roasters',
        notesEn: 'intensity 7, red fruit',
        notesAr: 'شدة 7، فواكه حمراء',
      },
      {
        en: 'Espresso Forte Capsules x10',
        ar: 'كبسولات إسبريسو فورتي ×10',
        egp: 215,
        seller: 'zamalek-roastery',
        notesEn: 'intensity 9, toasted',
        notesAr: 'شدة 9، محمص',
      },
    ],
  },
];
