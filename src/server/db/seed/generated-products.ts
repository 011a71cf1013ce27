import { fromPounds } from '#lib/money.ts';
import type { ProductDraft } from './demo-products.ts';
import { productImages, slugify } from './demo-products.ts';
import { productLines } from './product-lines.ts';
import { gearLines } from './product-lines-gear.ts';
import { seededRandom } from './random.ts';

const editions = [
  { en: 'Reserve', ar: 'ريزيرف' },
  { en: 'Limited Edition', ar: 'إصدار محدود' },
  { en: 'Classic', ar: 'كلاسيك' },
  { en: 'Premium', ar: 'بريميوم' },
  { en: 'Organic', ar: 'عضوي' },
  { en: 'Signature', ar: 'سيجنتشر' },
  { en: 'Competition', ar: 'المسابقات' },
  { en: 'Everyday', ar: 'اليومي' },
];

/**
 * A large catalog for scale tests: `count` products built from the demo product lines with an edition
 * and a lot number, so names stay realistic (and searchable) in both languages. Deterministic: the same
 * `start` and `count` always give the same products; `start` continues numbering after earlier runs.
 */
export function generatedProducts(count: number, start = 0): ProductDraft[] {
  const groups = [...productLines, ...gearLines];
  const drafts: ProductDraft[] = [];
  const baseTime = Date.UTC(2025, 0, 1);
  for (let i = start; i < start + count; i += 1) {
    const random = seededRandom(7_000_003 + i);
    const group = groups[i % groups.length]!;
    const line = group.lines[Math.floor(random() * group.lines.length)]!;
    const edition = editions[Math.floor(random() * editions.length)]!;
    const n = i + 1;
    const grams = line.weights ? line.weights[Math.floor(random() * line.weights.length)]! : (line.grams ?? null);
    const price = fromPounds(Math.max(1, Math.round(line.egp * (0.8 + random() * 0.6))));
    const fill = (template: string, notes: string | undefined) => template.replace('{notes}', notes ?? '');
    drafts.push({
      slug: `${slugify(`${edition.en} ${line.en}`)}-lot-${n}`,
      sku: `GEN-${String(n).padStart(6, '0')}`,
      subSlug: group.sub,
      sellerSlug: line.seller,
      nameEn: `${line.en} ${edition.en} Lot ${n}`,
      nameAr: `${line.ar} ${edition.ar} دفعة ${n}`,
      descriptionEn: fill(group.descriptionEn, line.notesEn),
      descriptionAr: fill(group.descriptionAr, line.notesAr),
      price,
      beforeDiscount: random() < 0.25 ? Math.round(price * 1.2) : null,
      stock: random() < 0.1 ? 0 : Math.floor(random() * 40) + 1,
      weightGrams: grams,
      rating: Math.round((3 + random() * 2) * 10) / 10,
      ratingsCount: Math.floor(random() * 500),
      badgeEn: null,
      badgeAr: null,
      images: productImages(group.art, n + 1000),
      variantGroup: null,
      variantLabelEn: null,
      variantLabelAr: null,
      createdAt: new Date(baseTime + n * 3_600_000).toISOString(),
    });
  }
  return drafts;
}
