import { MAX_COMPANY_DOCUMENTS } from '#lib/uploads.ts';
import type { FieldProblem, ProblemCode } from '../problem.ts';
import type { PartnerFileKind } from '../services/partners.ts';
import { checkUpload, type CheckedUpload, type UploadProblem } from '../uploads/check.ts';

type Body = Record<string, string | File | (string | File)[]>;

const asFiles = (value: Body[string] | undefined): File[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is File => typeof v !== 'string' && v.size > 0,
  );

const uploadProblem: Record<UploadProblem, ProblemCode> = {
  tooLarge: 'forms.tooLarge',
  badType: 'forms.badType',
  empty: 'validation.required',
};

/**
 * Reads and checks the application's files: contract and tax card are required (one each), company
 * documents optional (up to 5). Returns the accepted files, or per-field problems.
 */
export async function readPartnerFiles(body: Body) {
  const errors: Record<string, FieldProblem[]> = {};
  const uploads: { kind: PartnerFileKind; file: CheckedUpload }[] = [];
  const fields: { field: string; kind: PartnerFileKind; required: boolean; max: number }[] = [
    { field: 'contract', kind: 'contract', required: true, max: 1 },
    { field: 'tax_card', kind: 'tax_card', required: true, max: 1 },
    { field: 'company_documents', kind: 'company_document', required: false, max: MAX_COMPANY_DOCUMENTS },
  ];
  for (const { field, kind, required, max } of fields) {
    const files = asFiles(body[field]);
    if (files.length === 0) {
      if (required) errors[field] = ['validation.required'];
      continue;
    }
    if (files.length > max) {
      errors[field] = [max === 1 ? 'validation.invalid' : 'forms.tooMany'];
      continue;
    }
    for (const file of files) {
      const checked = await checkUpload(file);
      if (typeof checked === 'string') (errors[field] ??= []).push(uploadProblem[checked]);
      else uploads.push({ kind, file: checked });
    }
  }
  return { uploads, errors };
}
