import type { ChangeKind, ModeratedField } from '#lib/seller-catalog-changes.ts';

/** One field of a change as the queue shows it: what the shop shows now, and what the seller proposes. */
export interface FieldDifference {
  field: ModeratedField;
  before: unknown;
  after: unknown;
}

/** A change waiting in the queue (issue 40), with its difference field by field (both languages side by side). */
export interface QueueItem {
  id: number;
  kind: ChangeKind;
  product: { id: number; sku: string; name_en: string; name_ar: string };
  seller: { id: number; name_en: string; name_ar: string };
  submitted_at: string;
  submitted_by: string;
  differences: FieldDifference[];
}
