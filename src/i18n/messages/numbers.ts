import { defineMessages } from './define.ts';

/**
 * How numbers read in each language: weight units (spec section 3: G / k.G), the separators and the minus sign
 * (U+2212, on every signed amount), and the separator between an address's parts. Digits stay Latin in
 * both (decision 003). Small on purpose: format.ts, which every island with a price loads, reads only this.
 */
export const numberMessages = defineMessages(
  { gram: 'G', kilogram: 'k.G', group: ',', decimal: '.', minus: '−', addressSeparator: ', ' },
  { gram: 'جم', kilogram: 'كجم', group: ',', decimal: '.', minus: '−', addressSeparator: '، ' },
);
