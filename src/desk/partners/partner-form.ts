import { localeOr, type Locale } from '#i18n/locales.ts';
import { slugOf } from '#lib/text.ts';
import type { ApplicationView } from './partner-views.ts';

/**
 * The approval form's first values: the brand's name in both languages, its description in the language it was
 * written in (the other left for the operator), the short name from the brand name.
 */
export function approvalDraft(application: Pick<ApplicationView, 'brand_name' | 'company_description' | 'locale'>) {
  // The description goes to the language the brand wrote in; the other is left for the operator.
  const wroteIn = localeOr(application.locale);
  const written = (lang: Locale) => (wroteIn === lang ? application.company_description : '');
  return {
    slug: slugOf(application.brand_name),
    name_en: application.brand_name,
    name_ar: application.brand_name,
    city_en: '',
    city_ar: '',
    description_en: written('en'),
    description_ar: written('ar'),
  };
}
export type ApprovalDraft = ReturnType<typeof approvalDraft>;
