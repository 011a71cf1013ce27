import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import type { CatalogChoices, ProductEditView } from './catalog-views.ts';
import { photoErrors, productBody } from './product-form.ts';
import { SubmitButton } from '#kit/Button.tsx';
import { typedValues } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import { useMounted } from '#islands/shared/use-mounted.ts';
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
  portal = false,
}: {
  locale: Locale;
  text: Text;
  choices: CatalogChoices;
  product: ProductEditView | null;
  /** The seller portal's editor (src/seller/catalog): no seller, badges, variants or hidden; its own pages. */
  portal?: boolean;
}) {
  const e = text.editor;
  const [photos, setPhotos] = useState<Photo[]>(product?.images ?? []);
  const [category, setCategory] = useState(String(product?.category_id ?? ''));
  const [wasStock, setWasStock] = useState(product?.stock ?? null);
  // A new product opens its own page (which says it was created); a saved one keeps the stock it now has.
  const action = useDeskAction<ProductEditView | { id: number }>({
    locale,
    done: product ? e.saved : undefined,
    refresh: (saved) => {
      if (product) setWasStock((saved as ProductEditView).stock);
      else window.location.assign(localePath(locale, `${portal ? '/seller' : '/admin'}/products/${saved.id}?created=1`));
    },
  });
  const { state } = action;
  const save = async (form: FormData) => {
    const typed = typedValues(form);
    const { body, problems } = productBody(typed, photos, wasStock);
    if (Object.keys(problems).length)
      return action.refuse(Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, [text.grid[p]]])), typed);
    await action.run(product ? { path: `/products/${product.id}`, method: 'PUT', body } : { path: '/products', body }, typed);
  };
  const { input, area, select } = editorFields({ state, product, category, choose: e.choose });
  const subs = choices.categories.find((c) => String(c.id) === category)?.sub_categories ?? [];
  // Until the island runs, a category picked would not bring its sub-categories and a choice could be drawn over:
  // the controls wait for it (a slow phone's first second), as the submit button does.
  const mounted = useMounted();

  return (
    <form
      onSubmit={action.onSubmit(save)}
      noValidate
      aria-labelledby="product-form-title"
      className="rounded-xl bg-white p-4 shadow-sm"
    >
      <fieldset disabled={!mounted} className="min-w-0 space-y-6">
        <h2 id="product-form-title" className="text-lg font-bold">
          {product ? e.editTitle : e.newTitle}
        </h2>
        <p className="text-sm text-roast-700">{e.intro}</p>
        <FormMessage state={state} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {input('sku', e.sku, { dir: 'ltr', hint: e.skuHint })}
          {select('category_id', e.category, choices.categories, setCategory)}
          {select('sub_category_id', e.subCategory, subs)}
          {!portal && select('seller_id', e.seller, choices.sellers)}
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="space-y-4" lang="en">
            {input('name_en', e.nameEn, { dir: 'ltr' })}
            {area('description_en', e.descriptionEn, 'ltr')}
            {!portal && input('badge_en', e.badgeEn, { dir: 'ltr', hint: e.badgeHint, optional: true })}
            {!portal && input('variant_label_en', e.variantLabelEn, { dir: 'ltr', optional: true })}
          </div>
          <div className="space-y-4" lang="ar">
            {input('name_ar', e.nameAr, { dir: 'rtl' })}
            {area('description_ar', e.descriptionAr, 'rtl')}
            {!portal && input('badge_ar', e.badgeAr, { dir: 'rtl', hint: e.badgeHint, optional: true })}
            {!portal && input('variant_label_ar', e.variantLabelAr, { dir: 'rtl', optional: true })}
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {input('price', e.price, { dir: 'ltr', money: true })}
          {input('before_discount', e.oldPrice, { dir: 'ltr', hint: e.oldPriceHint, optional: true, money: true })}
          {input('stock', e.stock, { dir: 'ltr' })}
          {input('weight_grams', e.weight, { dir: 'ltr', optional: true })}
          {!portal && input('variant_group', e.variantGroup, { dir: 'ltr', hint: e.variantGroupHint, optional: true })}
        </div>
        <div hidden={portal}>
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
        <SubmitButton busy={action.busy}>{product ? e.save : e.create}</SubmitButton>
      </fieldset>
    </form>
  );
}
