import { Field, inputClass } from './Field.tsx';

/** One choice of a SelectField: a row as the API names it ({ id, name }) or a value and its label. */
export type SelectOption = { id: string | number; name: string } | { value: string | number; label: string };

interface Props {
  id: string;
  label: string;
  options: readonly SelectOption[];
  /** Named like the API's field, so its refusal (error) lands under it. */
  name?: string | undefined;
  error?: string[] | undefined;
  hint?: string | undefined;
  /** Controlled: with onChange. */
  value?: string | number | undefined;
  /** Uncontrolled: what the form sends unless changed. */
  defaultValue?: string | number | undefined;
  onChange?: ((value: string) => void) | undefined;
  /** A first, empty choice ("Choose…"): with required, the browser refuses the form until a real one is picked. */
  placeholder?: string | undefined;
  required?: boolean | undefined;
}

/**
 * The kit's labelled select (a Field around a <select>): the label names it, the hint and the error are wired with
 * aria-describedby, a refused value is aria-invalid. Forms in both wings drew this by hand; one markup keeps them alike.
 */
export function SelectField({ id, label, options, error, hint, placeholder, onChange, ...select }: Props) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(a11y) => (
        <select {...a11y} {...select} className={inputClass} onChange={onChange && ((ev) => onChange(ev.target.value))}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => {
            const [value, text] = 'id' in option ? [option.id, option.name] : [option.value, option.label];
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}
