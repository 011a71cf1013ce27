/**
 * Shapes of the home page's editorial data (spec section 7 lists the calls; their shapes are ours,
 * documented in docs/api.md). Links are app paths without the locale prefix; the page adds it.
 */
export interface HomeSlide {
  id: number;
  title: string;
  text: string;
  image: string;
  image_alt: string;
  cta: string;
  link: string;
}

export interface Advertisement {
  id: number;
  title: string;
  text: string;
  image: string;
  image_alt: string;
  link: string;
}

export interface Brand {
  id: number;
  name: string;
  logo: string;
  link: string;
}

export interface ShippingStep {
  step: number;
  title: string;
  text: string;
  /** One of the icon names the page knows: cart, roast, truck, home. */
  icon: 'cart' | 'roast' | 'truck' | 'home';
}
