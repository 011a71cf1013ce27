import type { Locale } from '#i18n/locales.ts';
import { apiFetch } from '#lib/api-client.ts';
import { hasAllowedExtension, MAX_COMPANY_DOCUMENTS, MAX_UPLOAD_BYTES } from '#lib/uploads.ts';

export interface FileTexts {
  tooLarge: string;
  badType: string;
  tooMany: string;
}

/** Early, friendly check of the chosen files (the server checks again, by content). */
export function fileProblem(files: readonly File[], field: string, text: FileTexts): string | undefined {
  if (field === 'company_documents' && files.length > MAX_COMPANY_DOCUMENTS) return text.tooMany;
  if (files.some((f) => f.size > MAX_UPLOAD_BYTES)) return text.tooLarge;
  if (files.some((f) => !hasAllowedExtension(f.name))) return text.badType;
  return undefined;
}

export interface UploadResult {
  ok: boolean;
  body: {
    message?: string;
    errors?: Record<string, string[]>;
    data?: { id: number; brand_name: string; files: unknown[] };
  };
}

/** Sends the application as multipart form data (the browser sets the boundary). */
export async function sendApplication(form: FormData, locale: Locale): Promise<UploadResult> {
  const res = await apiFetch<UploadResult['body']>('/partner-applications', { locale, method: 'POST', body: form });
  return { ok: res.ok, body: res.body };
}
