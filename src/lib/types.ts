/** Domain types shared by the API, the pages and the islands. Money is always integer piastres. */
export interface CategoryRef {
  id: number;
  name: string;
}

export interface Category {
  id: number;
  slug: string;
  category: string;
  sub_categories: { id: number; slug: string; sub_category: string }[];
}

/** A category as the navbar, menus and footer draw it: with its "All …" link text worked out for the language. */
export interface NavigationCategory extends Category {
  /** "All Coffee", "كل القهوة" (the Arabic name with its article; server/page-data/navigation.ts). */
  allLabel: string;
}

export interface ProductCard {
  id: number;
  slug: string;
  sku: string;
  name: string;
  img: string;
  images: string[];
  price: number;
  beforeDiscount: number | null;
  rate: number;
  ratings_count: number;
  stock: number;
  out_of_stock: boolean;
  badgeContent: string | null;
  weight: number | null;
  category: CategoryRef;
  sub_category: CategoryRef;
  seller: CategoryRef & { slug: string };
  variant_group: string | null;
  variant_label: string | null;
  created_at: string;
}

export interface ProductDetail extends ProductCard {
  description: string;
  /** Each image's description in the reader's language, where the desk gave one (else the name describes it). */
  image_alts: (string | null)[];
}

export interface Variant {
  id: number;
  slug: string;
  sku: string;
  /** The full product name of this variant ("Colombia Huila 1 kg"). */
  name: string;
  label: string;
  weight: number | null;
  images: string[];
  price: number;
  beforeDiscount: number | null;
  stock: number;
  img: string;
}

export interface Seller {
  id: number;
  slug: string;
  name: string;
  description: string;
  city: string;
  /** The average of the approved ratings of its products (issue 52); null when none. */
  rating: number | null;
  ratings_count: number;
  logo: string;
  products_count: number;
}

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** One search suggestion (spec section 3): the product id, its name, a title (its sub-category), a short description. */
export interface Suggestion {
  id: number;
  name: string;
  title: string;
  description: string;
  images: string[];
}
