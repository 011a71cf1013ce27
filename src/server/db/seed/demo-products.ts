import { fromPounds } from '#lib/money.ts';
import type { ArtKind, ProductLine, SubCategoryLines } from './product-lines.ts';
import { productLines } from './product-lines.ts';
import { gearLines } from './product-lines-gear.ts';
import { seededRandom } from './random.ts';

/** A product before ids are known: category, sub-category and seller are referenced by slug. */
export interface ProductDraft {
  slug: string;
  sku: string;
  subSlug: string;
  sellerSlug: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  price: number;
  beforeDiscount: number | null;
  stock: number;
  weightGrams: number | null;
  rating: number;
  ratingsCount: number;
  badgeEn: string | null;
  badgeAr: string | null;
  images: string[];
  variantGroup: string | null;
  variantLabelEn: string | null;
  variantLabelAr: string | null;
  createdAt: string;
}

const badges = [
  { en: 'New', ar: 'جديد' },
  { en: 'Best seller', ar: 'الأكثر مبيعًا' },
  { en: 'Limited', ar: 'كمية محدودة' },
];

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const weightLabel = (grams: number) =>
  grams >= 1000 ? { en: `${grams / 1000} kg`, ar: `${grams / 1000} كجم` } : { en: `${grams} g`, ar: `${grams} جم` };

/** Three generated illustrations per product: the art kind with a product-specific hue and angle. */
export function productImages(art: ArtKind, seed: number): string[] {
  const hue = Math.round((seed * 47) % 360);
  return [0, 1, 2].map((view) => `/api/media/art/${art}-${hue}-${view}.svg`);
}

/** Builds the demo catalog (154 products) deterministically. */
export function demoProducts(): ProductDraft[] {
  const random = seededRandom(20261122);
  const drafts: ProductDraft[] = [];
  const baseTime = Date.UTC(2026, 9, 1);
  const push = (group: SubCategoryLines, line: ProductLine, grams: number | null, variantGroup: string | null) => {
    const n = drafts.length + 1;
    const multiplier = grams && line.weights ? (grams / line.weights[0]!) * 0.85 : 1;
    const price = fromPounds(Math.round(line.egp * multiplier));
    const discounted = random() < 0.3;
    const label = grams && line.weights ? weightLabel(grams) : null;
    const badge = random() < 0.25 ? badges[Math.floor(random() * badges.length)]! : null;
    const fill = (template: string, notes: string | undefined) => template.replace('{notes}', notes ?? '');
    drafts.push({
      slug: slugify(label ? `${line.en} ${label.en}` : line.en),
      sku: `CM-${String(n).padStart(5, '0')}`,
      subSlug: group.sub,
      sellerSlug: line.seller,
      nameEn: label ? `${line.en} ${label.en}` : line.en,
      nameAr: label ? `${line.ar} ${label.ar}` : line.ar,
      descriptionEn: fill(group.descriptionEn, line.notesEn),
      descriptionAr: fill(group.descriptionAr, line.notesAr),
      price,
      beforeDiscount: discounted ? Math.round((price * (1.1 + random() * 0.25)) / 500) * 500 : null,
      // About one product in twelve is sold out, so the out-of-stock paths are always exercised.
      stock: random() < 0.08 ? 0 : 1 + Math.floor(random() * 24),
      weightGrams: grams ?? line.grams ?? null,
      rating: Math.round((3.2 + random() * 1.8) * 10) / 10,
      ratingsCount: Math.floor(random() * 240),
      badgeEn: badge?.en ?? null,
      badgeAr: badge?.ar ?? null,
      images: productImages(group.art, n),
      variantGroup,
      variantLabelEn: label?.en ?? null,
      variantLabelAr: label?.ar ?? null,
      createdAt: new Date(baseTime + n * 3_600_000 * 7).toISOString(),
    });
  };
  for (const group of [...productLines, ...gearLines]) {
    for (const line of group.lines) {
      if (line.weights) {
        const variantGroup = slugify(line.en);
        for (const grams of line.weights) push(group, line, grams, variantGroup);
      } else {
        push(group, line, null, null);
      }
    }
  }
  return drafts;
}
