/** Upload rules of spec section 5, shared by the partner form (early feedback) and the server (the real check). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ALLOWED_UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'] as const;
/** The `accept` attribute of file inputs. */
export const UPLOAD_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
/** At most this many extra company documents besides the contract and the tax card. */
export const MAX_COMPANY_DOCUMENTS = 5;

/** The file kinds of a partner application, in form order. */
export const partnerFileFields = ['contract', 'tax_card', 'company_documents'] as const;
export type PartnerFileField = (typeof partnerFileFields)[number];

/** True when the name ends in an allowed extension (a hint only: the server decides by content). */
export const hasAllowedExtension = (name: string): boolean =>
  (ALLOWED_UPLOAD_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');
