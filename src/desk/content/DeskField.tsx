import type { Dictionary } from '#i18n/en.ts';
import type { DeskField as FieldSpec } from '#lib/content/desk-content.ts';
import { Field, inputClass } from '#kit/Field.tsx';

type Text = Dictionary['adminContent'];

/** One front-matter field of an entry as its kind asks: a line, a text area, a date, a number, a list, a choice. */
export default function DeskField({
  text,
  field,
  id,
  lang,
  dir,
  value,
  onChange,
  error,
}: {
  text: Text;
  field: FieldSpec;
  id: string;
  /** The entry language the value is written in (none for a shared value). */
  lang?: string;
  dir: 'ltr' | 'rtl';
  value: string;
  onChange: (next: string) => void;
  error: string[] | undefined;
}) {
  const label = (text.fields as Record<string, string>)[field.name] ?? field.name;
  const hint = field.kind === 'list' ? text.listHint : undefined;
  const common = {
    value,
    ...(lang ? { lang } : {}),
    required: field.required,
    className: inputClass,
    onChange: (ev: { target: { value: string } }) => onChange(ev.target.value),
  };
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(a11y) =>
        field.kind === 'long' || field.kind === 'list' ? (
          <textarea {...a11y} {...common} dir={dir} rows={field.kind === 'list' ? 4 : 3} maxLength={field.max} />
        ) : field.kind === 'choice' ? (
          <select {...a11y} {...common}>
            <option value="" />
            {field.choices?.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...a11y}
            {...common}
            type={field.kind === 'date' ? 'date' : 'text'}
            dir={field.shared ? 'ltr' : dir}
            inputMode={field.kind === 'number' ? 'decimal' : undefined}
            maxLength={field.max}
            autoComplete="off"
          />
        )
      }
    </Field>
  );
}
