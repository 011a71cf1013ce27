import { normalizeTerm } from './normalize.ts';

/**
 * Bilingual synonym groups: any word of a group also finds products named with the others, so an
 * English query finds an Arabic-named product and back. Spellings shoppers really type are listed
 * (اسبرسو next to إسبريسو); the groups are folded with the same normaliser as the index.
 */
const groups: string[][] = [
  ['espresso', 'إسبريسو', 'اسبرسو', 'اكسبريسو', 'إسبرسو'],
  ['coffee', 'قهوة', 'بن', 'كافيه'],
  ['grinder', 'grinders', 'mill', 'مطحنة', 'مطاحن', 'طاحونة'],
  ['kettle', 'kettles', 'غلاية', 'غلايات'],
  ['machine', 'machines', 'ماكينة', 'ماكينات', 'مكنة'],
  ['beans', 'bean', 'حبوب'],
  ['turkish', 'تركي'],
  ['cup', 'cups', 'mug', 'كوب', 'أكواب', 'مج', 'فنجان', 'فناجين'],
  ['filter', 'filters', 'فلتر', 'فلاتر', 'مفلترة'],
  ['capsule', 'capsules', 'كبسولة', 'كبسولات'],
  ['scale', 'scales', 'ميزان'],
  ['milk', 'حليب', 'لبن'],
  ['tea', 'شاي'],
  ['chocolate', 'شوكولاتة', 'شوكولاته'],
  ['cardamom', 'حبهان', 'هيل'],
  ['gift', 'gifts', 'هدية', 'هدايا'],
  ['dripper', 'pour-over', 'مقطر', 'تقطير'],
  ['french', 'فرنش'],
  ['press', 'برس'],
  ['ethiopia', 'إثيوبيا', 'اثيوبيا'],
  ['colombia', 'كولومبيا'],
  ['brazil', 'البرازيل', 'برازيل'],
  ['yemen', 'اليمن', 'يمني'],
  ['kenya', 'كينيا'],
  ['decaf', 'منزوع الكافيين'],
];

const index = new Map<string, Set<string>>();
for (const group of groups) {
  // Multi-word entries contribute each of their words; the group is the set of all of them.
  const terms = new Set(group.flatMap((entry) => entry.split(/\s+/).map(normalizeTerm)));
  for (const term of terms) {
    const known = index.get(term) ?? new Set<string>();
    for (const other of terms) known.add(other);
    index.set(term, known);
  }
}

/** The term itself followed by its synonyms (all normalised); just the term when it has none. */
export function synonymsOf(term: string): string[] {
  const normal = normalizeTerm(term);
  const found = index.get(normal);
  return found ? [normal, ...[...found].filter((t) => t !== normal)] : [normal];
}
