import type { Locale } from '#i18n/locales.ts';
import { FilePicker, type FileText } from '#islands/shared/FilePicker.tsx';
import { Field } from './Field.tsx';

/**
 * The CSV a desk form checks first (a dry run) and applies after: the catalogue import and the couriers' settlement
 * files. Choosing another file hands it to `onFile`, which forgets the last file's report.
 */
export function CsvFileField({
  id,
  label,
  hint,
  fileText,
  locale,
  onFile,
}: {
  id: string;
  label: string;
  hint: string;
  fileText: FileText;
  locale: Locale;
  onFile: (file: File | null) => void;
}) {
  return (
    <Field id={id} label={label} hint={hint}>
      {(a11y) => (
        <FilePicker
          {...a11y}
          text={fileText}
          locale={locale}
          accept=".csv,text/csv"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      )}
    </Field>
  );
}
