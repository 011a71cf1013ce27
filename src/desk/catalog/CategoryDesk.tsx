import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolate, plural } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { adminCall } from '#kit/admin-client.ts';
import type { DeskCategory } from './catalog-views.ts';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import CategoryNames from './CategoryNames.tsx';
import { localField } from '#i18n/localized.ts';

/** The desk's texts, with the shop's own product count (catalog.productsCount: one counted phrase per language). */
type Text = Dictionary['adminCatalog']['categories'] & { productsCount: Dictionary['catalog']['productsCount'] };
const empty = { slug: '', name_en: '', name_ar: '', name_ar_definite: null };

/** /admin/categories: every category and its sub-categories, renamed, added and put in order where they stand. */
export default function CategoryDesk({ locale, text, initial }: { locale: Locale; text: Text; initial: DeskCategory[] }) {
  const [categories, setCategories] = useState(initial);
  const reload = async () => {
    const res = await adminCall<DeskCategory[]>(locale, '/categories');
    if (res.ok) setCategories(res.body.data);
  };
  // A move answers the whole new order, which is what the desk shows next.
  const moving = useDeskAction<DeskCategory[]>({ locale, refresh: setCategories });
  const move = (path: 'categories' | 'sub-categories', id: number, direction: 'up' | 'down') =>
    moving.run({ path: `/${path}/${id}/move`, body: { direction } });
  const name = (c: { name_en: string; name_ar: string }) => localField(locale, c, 'name');
  const arrows = (
    path: 'categories' | 'sub-categories',
    row: { id: number; name_en: string; name_ar: string },
    index: number,
    count: number,
  ) => (
    <span className="flex gap-1">
      {(['up', 'down'] as const).map((direction) => (
        <button
          key={direction}
          type="button"
          disabled={moving.busy || (direction === 'up' ? index === 0 : index === count - 1)}
          aria-label={interpolate(text[direction], { name: name(row) })}
          onClick={() => void move(path, row.id, direction)}
          className="grid h-8 w-8 place-items-center rounded-full border border-roast-200 bg-white disabled:opacity-40"
        >
          <span aria-hidden="true">{direction === 'up' ? '↑' : '↓'}</span>
        </button>
      ))}
    </span>
  );

  return (
    <div className="space-y-6">
      <Notice>{moving.state.message}</Notice>
      <ol className="space-y-6" data-categories>
        {categories.map((c, i) => (
          <li key={c.id} className="space-y-4 rounded-xl bg-white p-4 shadow-sm" data-category={c.id}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-lg font-bold">
                {name(c)}{' '}
                <span className="text-sm font-normal text-roast-700">{plural(text.productsCount, c.products, locale)}</span>
              </h2>
              {arrows('categories', c, i, categories.length)}
            </div>
            <CategoryNames locale={locale} text={text} path="categories" id={c.id} initial={c} label={name(c)} onSaved={reload} />
            <section
              aria-label={interpolate(text.subCategories, { name: name(c) })}
              className="space-y-3 border-s-2 border-roast-100 ps-4"
            >
              {c.sub_categories.map((s, k) => (
                <div key={s.id} className="space-y-2" data-sub-category={s.id}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold">
                      {name(s)}{' '}
                      <span className="text-sm font-normal text-roast-700">{plural(text.productsCount, s.products, locale)}</span>
                    </h3>
                    {arrows('sub-categories', s, k, c.sub_categories.length)}
                  </div>
                  <CategoryNames
                    locale={locale}
                    text={text}
                    path="sub-categories"
                    id={s.id}
                    initial={s}
                    label={name(s)}
                    onSaved={reload}
                  />
                </div>
              ))}
              <CategoryNames
                locale={locale}
                text={text}
                path="sub-categories"
                categoryId={c.id}
                initial={empty}
                label={interpolate(text.addSub, { name: name(c) })}
                onSaved={reload}
              />
            </section>
          </li>
        ))}
      </ol>
      <section className="rounded-xl bg-white p-4 shadow-sm">
        <h2 className="mb-3 text-lg font-bold">{text.addCategory}</h2>
        <CategoryNames locale={locale} text={text} path="categories" initial={empty} label={text.addCategory} onSaved={reload} />
      </section>
    </div>
  );
}
