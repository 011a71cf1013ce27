import type { ApplicationView } from './partner-views.ts';

/**
 * A seller's short name from a brand name: Latin letters and digits joined by hyphens ("Nile Roasters & Co." →
 * "nile-roasters-co"); empty when the name has none (an Arabic brand name), and the operator types one.
 */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/**
 * The approval form's first values: the brand's name in both languages, its description in the language it was
 * written in (the other left for the operator), the short name from the brand name.
 */
export function approvalDraft(application: Pick<ApplicationView, 'brand_name' | 'company_description' | 'locale'>) {
  const arabic = application.locale === 'ar';
  return {
    slug: slugOf(application.brand_name),
    name_en: application.brand_name,
    name_ar: application.brand_name,
    city_en: '',
    city_ar: '',
    description_en: arabic ? '' : application.company_description,
    description_ar: arabic ? application.company_description : '',
  };
}
export type ApprovalDraft = ReturnType<typeof approvalDraft>;
