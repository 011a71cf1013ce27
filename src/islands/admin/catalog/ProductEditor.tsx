import { useActionState, useState } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { localePath } from '../../../i18n/routes.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import type { CatalogChoices, ProductEditView } from '../../../lib/admin/catalog-views.ts';
import { photoErrors, productBody } from '../../../lib/admin/product-form.ts';
import { showToast } from '../../../lib/toast-event.ts';
import { emptyState, formStateOf, typedValues, type FormState } from '../../kit/form-state.ts';
import { FormMessage } from '../../kit/Notice.tsx';
import { useClientAction } from '../../shared/use-mounted.ts';
import { editorFields } from './editor-fields.tsx';
import PhotoList, { type Photo } from './PhotoList.tsx';

type Text = Dictionary['adminCatalog'];

/**
 * Creates a product, or edits the one given: both languages side by side (the Arabic right to left), where it sits in
 * the catalog, money and stock, photos. Amounts are typed in EGP; the API checks everything again.
 */
export default function ProductEditor({
  locale,
  text,
  choices,
  product,
}: {
  locale: Locale;
  text: Text;
  choices: CatalogChoices;
  product: ProductEditView | null;
}) {
  const e = text.editor;
  const [photos, setPhotos] = useState<Photo[]>(product?.images ?? []);
  const [category, setCategory] = useState(String(product?.category_id ?? ''));
  const [wasStock, setWasStock] = useState(product?.stock ?? null);
  const [state, action] = useActionState(async (_: FormState, form: FormData): Promise<FormState> => {
    const typed = typedValues(form);
    const { body, problems } = productBody(typed, photos, wasStock);
    if (Object.keys(problems).length) {
      return { errors: Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, [text.grid[p]]])), values: typed };
    }
    const res = product
      ? await adminCall<ProductEditView>(locale, `/products/${product.id}`, { method: 'PUT', body })
      : await adminCall<{ id: number }>(locale, '/products', { method: 'POST', body });
    if (!res.ok) return formStateOf(res, typed);
    if (!product) {
      window.location.assign(localePath(locale, `/admin/products/${res.body.data.id}?created=1`));
      return { errors: {}, values: typed };
    }
    setWasStock((res.body.data as ProductEditView).stock);
    showToast(e.saved, 'success');
    return { errors: {}, values: typed };
  }, emptyState);
  const clientAction = useClientAction(action);
  const { input, area, select } = editorFields({ state, product, category, choose: e.choose });
  const subs = choices.categories.find((c) => String(c.id) === category)?.sub_categories ?? [];

  return (
    <form
      action={clientAction}
      noValidate
      aria-labelledby="product-form-title"
      className="space-y-6 rounded-xl bg-white p-4 shadow-sm"
    >
      <h2 id="product-form-title" className="text-lg font-bold">
        {product ? e.editTitle : e.newTitle}
      </h2>
      <p className="text-sm text-roast-700">{e.intro}</p>
      <FormMessage state={state} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {input('sku', e.sku, { dir: 'ltr', hint: e.skuHint })}
        {select('category_id', e.category, choices.categories, setCategory)}
        {select('sub_category_id', e.subCategory, subs)}
        {select('seller_id', e.seller, choices.sellers)}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-4" lang="en">
          {input('name_en', e.nameEn, { dir: 'ltr' })}
          {area('description_en', e.descriptionEn, 'ltr')}
          {input('badge_en', e.badgeEn, { dir: 'ltr', hint: e.badgeHint, optional: true })}
          {input('variant_label_en', e.variantLabelEn, { dir: 'ltr', optional: true })}
        </div>
        <div className="space-y-4" lang="ar">
          {input('name_ar', e.nameAr, { dir: 'rtl' })}
          {area('description_ar', e.descriptionAr, 'rtl')}
          {input('badge_ar', e.badgeAr, { dir: 'rtl', hint: e.badgeHint, optional: true })}
          {input('variant_label_ar', e.variantLabelAr, { dir: 'rtl', optional: true })}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {input('price', e.price, { dir: 'ltr' })}
        {input('before_discount', e.oldPrice, { dir: 'ltr', hint: e.oldPriceHint, optional: true })}
        {input('stock', e.stock, { dir: 'ltr' })}
        {input('weight_grams', e.weight, { dir: 'ltr', optional: true })}
        {input('variant_group', e.variantGroup, { dir: 'ltr', hint: e.variantGroupHint, optional: true })}
      </div>
      <div>
        <label className="flex items-center gap-2 font-semibold">
          <input
            type="checkbox"
            name="hidden"
            defaultChecked={product?.hidden ?? false}
            aria-describedby="product-hidden-hint"
            className="h-5 w-5"
          />
          {e.hidden}
        </label>
        <p id="product-hidden-hint" className="mt-1 text-xs text-roast-700">
          {e.hiddenHint}
        </p>
      </div>
      <PhotoList
        locale={locale}
        text={e}
        photos={photos}
        onChange={setPhotos}
        error={photoErrors(state.errors) ? e.photosRequired : undefined}
      />
      <button type="submit" className="rounded-full bg-crema px-6 py-2 font-semibold text-white hover:bg-roast-500">
        {product ? e.save : e.create}
      </button>
    </form>
  );
}
