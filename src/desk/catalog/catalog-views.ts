/** What the desk's product pages read (issue 23): the service returns these, the islands are typed with them. */
export interface GridProduct {
  id: number;
  sku: string;
  name: string;
  /** Piastres. */
  price: number;
  before_discount: number | null;
  stock: number;
}

export interface ProductGridPage {
  rows: GridProduct[];
  q: string;
  page: number;
  /** Whether a next page exists (counted by reading one row more, never the whole catalog). */
  more: boolean;
}

export interface StockMovementView {
  id: number;
  delta: number;
  stock_after: number;
  reason: 'order' | 'cancel' | 'return' | 'manual' | 'import';
  order_id: number | null;
  /** Who: a staff member's name, or what moved it (shopper, payment, system). */
  actor: string;
  note: string | null;
  at: string;
}

/** A product as the desk's editor shows it: every field in both languages, its photos with their descriptions. */
export interface ProductEditView {
  id: number;
  sku: string;
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
  category_id: number;
  sub_category_id: number;
  seller_id: number;
  price: number;
  before_discount: number | null;
  stock: number;
  weight_grams: number | null;
  badge_en: string | null;
  badge_ar: string | null;
  variant_group: string | null;
  variant_label_en: string | null;
  variant_label_ar: string | null;
  hidden: boolean;
  images: { url: string; alt_en: string; alt_ar: string }[];
}

/** The lists the editor chooses from, in the operator's language. */
export interface CatalogChoices {
  categories: { id: number; name: string; sub_categories: { id: number; name: string }[] }[];
  sellers: { id: number; name: string }[];
}

/** A category in the desk, with its sub-categories and their numbers of products. */
export interface DeskSubCategory {
  id: number;
  slug: string;
  name_en: string;
  name_ar: string;
  products: number;
}
export interface DeskCategory extends Omit<DeskSubCategory, 'products'> {
  name_ar_definite: string | null;
  products: number;
  sub_categories: DeskSubCategory[];
}
