import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolate, interpolateIsolated } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { adminCall } from '#kit/admin-client.ts';
import { couponTerms } from './coupon-terms.ts';
import type { CouponPage, CouponView } from './promotion-views.ts';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';
import { Pager } from '#kit/Pager.tsx';
import CouponForm from './CouponForm.tsx';
import PauseButton from './PauseButton.tsx';

type Text = Dictionary['adminPromotions'];

/** /admin/coupons: a new coupon's form above the list (newest first), each row pausable where it stands. */
export default function CouponList({ locale, text, initial }: { locale: Locale; text: Text; initial: CouponPage }) {
  const [list, setList] = useState(initial);
  const [formKey, setFormKey] = useState(0);
  const c = text.coupons;
  const reload = async () => {
    const res = await adminCall<CouponPage>(locale, `/coupons?page=${list.page}`);
    if (res.ok) setList(res.body.data);
  };
  const terms = (row: CouponView) => couponTerms(row, c, locale);
  const columns: DeskColumn<CouponView>[] = [
    {
      id: 'code',
      label: c.code,
      header: c.code,
      cell: ({ row }) => (
        <a
          href={localePath(locale, `/admin/coupons/${row.original.id}`)}
          aria-label={interpolateIsolated(c.edit, { code: row.original.code })}
          className="font-mono font-semibold underline underline-offset-2"
          dir="ltr"
        >
          {row.original.code}
        </a>
      ),
    },
    { id: 'discount', label: c.value, header: c.value, cell: ({ row }) => <bdi>{terms(row.original).discount}</bdi> },
    { id: 'minimum', label: c.minimum, header: c.minimum, cell: ({ row }) => <bdi>{terms(row.original).minimum}</bdi> },
    { id: 'window', label: c.window, header: c.window, cell: ({ row }) => <bdi>{terms(row.original).window}</bdi> },
    { id: 'used', label: c.used, header: c.used, cell: ({ row }) => terms(row.original).used },
    { id: 'status', label: c.status, header: c.status, cell: ({ row }) => terms(row.original).status },
    {
      id: 'actions',
      label: c.actions,
      header: '',
      cell: ({ row }) => <PauseButton locale={locale} text={text} coupon={row.original} onChanged={reload} />,
    },
  ];

  return (
    <div className="space-y-8">
      <section aria-labelledby="coupon-new-title" className="space-y-4 rounded-xl bg-white p-4 shadow-sm">
        <h2 id="coupon-new-title" className="text-lg font-bold">
          {c.add}
        </h2>
        <CouponForm
          key={formKey}
          locale={locale}
          text={text}
          coupon={null}
          done={(saved) => interpolateIsolated(c.created, { code: saved.code })}
          onSaved={async () => {
            setFormKey((k) => k + 1);
            await reload();
          }}
        />
      </section>
      <DataTable caption={c.title} columns={columns} rows={list.rows} rowId={(r) => String(r.id)} empty={c.empty} />
      <Pager
        page={list.page}
        pages={list.pages}
        href={(n) => `?page=${n}`}
        label={interpolate(c.page, { page: list.page, pages: list.pages })}
        previous={c.previous}
        next={c.next}
      />
    </div>
  );
}
