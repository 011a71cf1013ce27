import { defineMessages } from './define.ts';

/**
 * How numbers read in each language: weight units (spec section 3: G / k.G) and the separators. Digits stay Latin in
 * both (decision 003). Small on purpose: format.ts, which every island with a price loads, reads only this.
 */
export const numberMessages = defineMessages(
  { gram: 'G', kilogram: 'k.G', group: ',', decimal: '.' },
  { gram: 'جم', kilogram: 'كجم', group: ',', decimal: '.' },
);
