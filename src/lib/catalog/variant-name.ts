/**
 * A product's name as reports list it: variants share their product's name (250 g and 1 kg of one coffee), so a
 * variant's row adds its label ("Ethiopia Yirgacheffe · 1 kg"); a product without variants reads as it is.
 */
export const variantName = (name: string, label: string | null | undefined): string => (label ? `${name} · ${label}` : name);
