import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { fieldKey, type DeskField, type LocaleContent } from '#lib/content/desk-content.ts';
import DeskFieldControl from './DeskField.tsx';
import MarkdownArea from './MarkdownArea.tsx';
import { directionOf } from '#i18n/locales.ts';
import { localized } from '#i18n/localized.ts';

type Text = Dictionary['adminContent'];

/** One language's side of an entry: its own fields and its text, written in its own direction. */
export default function EntryLanguage({
  locale,
  text,
  lang,
  fields,
  value,
  onChange,
  problems,
  idOf,
  hasBody,
}: {
  locale: Locale;
  text: Text;
  lang: Locale;
  fields: DeskField[];
  value: LocaleContent;
  onChange: (next: LocaleContent) => void;
  problems: Record<string, string[]>;
  idOf: (key: string) => string;
  /** Kinds with no text of their own (coffee shops, the home page's slides …) show only their fields. */
  hasBody: boolean;
}) {
  const dir = directionOf(lang);
  return (
    // The frame speaks the editor's language; each control takes its entry language's language and direction.
    <section data-side={lang} aria-labelledby={`side-${lang}`} className="space-y-4 rounded-xl bg-white p-4 shadow-sm">
      <h2 id={`side-${lang}`} className="text-lg font-bold">
        {localized(lang, { en: text.english, ar: text.arabic })}
      </h2>
      {fields.map((field) => (
        <DeskFieldControl
          key={field.name}
          text={text}
          field={field}
          id={idOf(fieldKey(field, lang))}
          lang={lang}
          dir={dir}
          value={value.data[field.name] ?? ''}
          onChange={(v) => onChange({ ...value, data: { ...value.data, [field.name]: v } })}
          error={problems[fieldKey(field, lang)]}
        />
      ))}
      {hasBody && (
        <MarkdownArea
          locale={locale}
          text={text}
          id={idOf(`${lang}.body`)}
          lang={lang}
          value={value.body}
          onChange={(body) => onChange({ ...value, body })}
          error={problems[`${lang}.body`]}
        />
      )}
    </section>
  );
}
