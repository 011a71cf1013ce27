import { describe, expect, test } from 'vitest';
import { CatalogIndex } from './catalog-index.ts';

let nextId = 1;
const product = (name_en: string, name_ar: string, category = ['Coffee', 'قهوة']) => ({
  id: nextId++,
  name_en,
  name_ar,
  description_en: '',
  description_ar: '',
  images: [],
  category_id: 1,
  sub_category_id: 1,
  seller_id: 1,
  category_en: category[0]!,
  category_ar: category[1]!,
  sub_category_en: '',
  sub_category_ar: '',
  price: 100,
  rating: 4,
  ratings_count: 1,
  stock: 1,
  created_at: '2026-01-01',
  taxonomy: category.join(' '),
  seller: 'Nile Roasters محمصة النيل',
});

const yirgacheffe = product('Ethiopia Yirgacheffe 250 g', 'إثيوبيا يرغاتشيف 250 جم');
const zamalek = product('Zamalek House Espresso 1 kg', 'إسبريسو الزمالك الخاص 1 كجم');
const handGrinder = product('Hand Grinder 38 mm Burrs', 'مطحنة يدوية بشفرات 38 مم', ['Equipment', 'معدات']);
const kettle = product('Electric Gooseneck Kettle 0.9 L', 'غلاية كهربائية برقبة طويلة 0.9 لتر', ['Equipment', 'معدات']);
const fenjan = product('Turkish Coffee Fenjan Set of 6', 'طقم فناجين قهوة تركي 6 قطع', ['Accessories', 'إكسسوارات']);
const index = new CatalogIndex([yirgacheffe, zamalek, handGrinder, kettle, fenjan]);
const ids = (text: string) => index.find(text).map((hit) => hit.product.id);

describe('catalog search matching', () => {
  test.each([
    ['an English word finds the Arabic-named product and back', 'مطحنة', handGrinder.id],
    ['a different alef form', 'أثيوبيا', yirgacheffe.id],
    ['a spelling without alef hamza or yaa', 'اسبرسو', zamalek.id],
    ['a typo in a longer word', 'grnder', handGrinder.id],
    ['a typo in Arabic', 'مطحنه يدويا', handGrinder.id],
    ['a prefix while typing', 'yirga', yirgacheffe.id],
    ['an English synonym of an Arabic word', 'espresso', zamalek.id],
    ['taa marbuta written as haa', 'غلايه', kettle.id],
    ['Arabic-Indic digits', 'مطحنة ٣٨', handGrinder.id],
    ['a transliterated word in the English name', 'fenjan', fenjan.id],
  ])('%s: %s', (_, text, id) => {
    expect(ids(text)).toContain(id);
  });

  test('every word must match: an unrelated second word finds nothing', () => {
    expect(ids('grinder kettle')).toEqual([]);
  });

  test('short words are not fuzzy: "tea" does not find "teal" or "kettle"', () => {
    expect(ids('tea')).toEqual([]);
  });

  test('a typo in a short word is not forgiven', () => {
    expect(ids('cofe')).toEqual([]);
  });

  test('the exact name ranks first', () => {
    expect(ids('hand grinder')[0]).toBe(handGrinder.id);
  });

  test('empty or punctuation-only text finds nothing', () => {
    expect(ids('')).toEqual([]);
    expect(ids('!!')).toEqual([]);
  });
});

describe('following the desk', () => {
  test('a new product is found at once; a renamed one by its new name only; a price change keeps remembered answers', () => {
    const local = new CatalogIndex([product('Sidamo Natural', 'سيدامو طبيعي')]);
    expect(local.find('zanzibar')).toEqual([]);
    const zanzibar = product('Zanzibar Peaberry', 'زنجبار بيبري');
    expect(local.upsert([zanzibar])).toBe(1);
    expect(local.find('zanzibar').map((h) => h.product.id)).toEqual([zanzibar.id]);
    expect(local.find('زنجبار').map((h) => h.product.id)).toEqual([zanzibar.id]);
    expect(local.size).toBe(2);

    expect(local.upsert([{ ...zanzibar, name_en: 'Pemba Peaberry', name_ar: 'بيمبا بيبري' }])).toBe(1);
    expect(local.find('zanzibar')).toEqual([]);
    expect(local.find('pemba').map((h) => h.product.id)).toEqual([zanzibar.id]);
    expect(local.size).toBe(2);

    const remembered = local.find('pemba');
    expect(local.upsert([{ ...zanzibar, name_en: 'Pemba Peaberry', name_ar: 'بيمبا بيبري', price: 999 }])).toBe(0);
    expect(local.find('pemba')).toBe(remembered);
    expect(remembered[0]!.product.price).toBe(999);
  });
});
