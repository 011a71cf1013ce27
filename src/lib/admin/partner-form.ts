import { slugOf } from '../text.ts';
import type { ApplicationView } from './partner-views.ts';

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
