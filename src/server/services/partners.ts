import type { Locale } from '#i18n/locales.ts';
import type { PartnerApplicationInput } from '#lib/schemas/partner.ts';
import type { ShopDb } from '../db/index.ts';
import type { CheckedUpload } from '../uploads/check.ts';
import { discardUploads, storeUpload, type StoredFile } from '../uploads/store.ts';

export type PartnerFileKind = 'contract' | 'tax_card' | 'company_document';

export interface PartnerApplicationReceipt {
  id: number;
  brand_name: string;
  files: { kind: PartnerFileKind; name: string; size: number }[];
  created_at: string;
}

/**
 * Stores an application together with its files, or nothing: files are written first under random names (private, in
 * the store of uploads), then the rows go in one transaction; if anything fails the written files are removed again.
 */
export async function createPartnerApplication(
  db: ShopDb,
  input: PartnerApplicationInput,
  uploads: { kind: PartnerFileKind; file: CheckedUpload }[],
  locale: Locale,
): Promise<PartnerApplicationReceipt> {
  const created_at = new Date().toISOString();
  const stored: StoredFile[] = [];
  try {
    for (const { file } of uploads) stored.push(await storeUpload(file.bytes, file.type));
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('partner_applications')
        .values({ ...input, locale, created_at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('partner_application_files')
        .values(
          uploads.map(({ kind, file }, i) => ({
            application_id: Number(row.id),
            kind,
            original_name: file.name,
            stored_name: stored[i]!.storedName,
            mime: file.type.mime,
            size: file.bytes.byteLength,
            created_at,
          })),
        )
        .execute();
      return Number(row.id);
    });
    return {
      id,
      brand_name: input.brand_name,
      files: uploads.map(({ kind, file }) => ({ kind, name: file.name, size: file.bytes.byteLength })),
      created_at,
    };
  } catch (error) {
    await discardUploads(stored);
    throw error;
  }
}
