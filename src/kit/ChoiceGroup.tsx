import { useId } from 'react';
import { FieldError } from './Field.tsx';

interface Props<V extends string> {
  legend: string;
  /** Named like the API's field (the form sends the checked value). */
  name: string;
  options: readonly { value: V; label: string }[];
  /** Controlled: with onChange. */
  value?: V | undefined;
  onChange?: ((value: V) => void) | undefined;
  /** Uncontrolled: the choice checked at first. */
  defaultValue?: V | undefined;
  error?: string[] | undefined;
  /** Side by side (short choices), or one under the other. */
  layout?: 'inline' | 'stacked' | undefined;
}

const labelClass = { inline: 'me-4 inline-flex items-center gap-2', stacked: 'mt-1 flex items-center gap-2' };

/**
 * The kit's radio group: a fieldset whose legend names the group for screen readers (each radio keeps its own
 * label); a refusal is written under the choices and named by the fieldset's aria-describedby, as Field does for one
 * control.
 */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  defaultValue,
  error,
  layout = 'inline',
}: Props<V>) {
  const id = useId();
  const errorId = error?.length ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="text-sm font-semibold">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={labelClass[layout]}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === undefined ? undefined : value === option.value}
            defaultChecked={defaultValue === undefined ? undefined : defaultValue === option.value}
            onChange={onChange && (() => onChange(option.value))}
          />
          {option.label}
        </label>
      ))}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
