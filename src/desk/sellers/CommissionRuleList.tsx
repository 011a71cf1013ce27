import type { Dictionary } from '#i18n/en.ts';
import { interpolateIsolated } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { Button } from '#kit/Button.tsx';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';
import { useConfirm } from '#kit/Dialog.tsx';
import { FormMessage } from '#kit/Notice.tsx';
import { pageColumns, type PageColumn, type PageRow } from '#kit/PageTable.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

/** A listed rule: its worded cells, and what its Remove button names and sends (none for the marketplace's). */
export interface RuleRow extends PageRow {
  remove: { sellerId: number | null; categoryId: number | null; name: string; scope: string } | null;
}

/**
 * The commission rules with a Remove button on each but the marketplace's (which every sale falls back to): the
 * button is named after its rule, asks first, then DELETE /api/admin/commission-rules (audited there) draws the page
 * again, the list without it, with the toast carried across. A refusal (the rule was removed meanwhile) shows above.
 */
export default function CommissionRuleList({
  locale,
  text,
  columns,
  rows,
}: {
  locale: Locale;
  text: Dictionary['sellerLedger'];
  columns: PageColumn[];
  rows: RuleRow[];
}) {
  const c = text.commission;
  const { ask, dialog } = useConfirm();
  const action = useDeskAction({ locale, done: c.removed });

  const remove = async (rule: NonNullable<RuleRow['remove']>) => {
    const yes = await ask({
      title: interpolateIsolated(c.removeTitle, { name: rule.name }),
      text: c.removeText,
      confirm: c.remove,
      keep: c.keep,
    });
    if (!yes) return;
    const scope = new URLSearchParams();
    if (rule.sellerId !== null) scope.set('seller_id', String(rule.sellerId));
    if (rule.categoryId !== null) scope.set('category_id', String(rule.categoryId));
    await action.run({ path: `/commission-rules?${scope}`, method: 'DELETE' });
  };

  const actions: DeskColumn<RuleRow> = {
    id: 'actions',
    label: c.actions,
    header: c.actions,
    cell: ({ row }) => {
      const rule = row.original.remove;
      return rule ? (
        <Button
          variant="secondary"
          size="sm"
          busy={action.busy}
          aria-label={interpolateIsolated(c.removeNamed, { name: rule.name, scope: rule.scope })}
          onClick={() => void remove(rule)}
        >
          {c.remove}
        </Button>
      ) : (
        // The marketplace's rule: nothing to do here (a phone's card would show the label over nothing).
        <bdi>{c.none}</bdi>
      );
    },
  };
  return (
    <>
      <FormMessage state={action.state} />
      <DataTable
        caption={c.title}
        columns={[...pageColumns<RuleRow>(columns), actions]}
        rows={rows}
        rowId={(r) => r.id}
        empty={c.empty}
      />
      {dialog}
    </>
  );
}
