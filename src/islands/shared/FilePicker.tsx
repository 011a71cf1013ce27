import { useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { formatList } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';

export interface FileText {
  choose: string;
  none: string;
}

/**
 * A file input that speaks the page's language (issue 20): the browser draws its own button in the browser's
 * language ("Choose File" on an Arabic page), so the real input lies transparent over a button of ours and the
 * chosen names are written beside it. The input stays the focused, labelled control (its label is the field's);
 * the drawn parts are hidden from screen readers, which announce the input itself.
 */
export function FilePicker({
  text,
  locale,
  onChange,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { text: FileText; locale: Locale }) {
  const [names, setNames] = useState<string[]>([]);
  const changed = (event: ChangeEvent<HTMLInputElement>) => {
    setNames([...(event.currentTarget.files ?? [])].map((file) => file.name));
    onChange?.(event);
  };
  return (
    <div className="mt-1 flex flex-wrap items-center gap-3" data-file-picker>
      <span className="relative inline-flex rounded-full focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-roast-700">
        <span aria-hidden="true" className="rounded-full bg-roast-100 px-4 py-2 text-sm font-semibold text-roast-900">
          {text.choose}
        </span>
        <input {...input} type="file" onChange={changed} className="absolute inset-0 w-full cursor-pointer opacity-0" />
      </span>
      <span aria-hidden="true" className="min-w-0 text-sm break-words text-roast-700" data-file-names>
        {names.length ? formatList(names, locale) : text.none}
      </span>
    </div>
  );
}
