import { useState, type SubmitEvent } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { apiFetch } from '#lib/api-client.ts';
import { Field, inputClass } from '#kit/Field.tsx';
import { SubmitButton } from '#kit/Button.tsx';
import { showToast } from '#lib/toast-event.ts';

interface Props {
  locale: Locale;
  text: Dictionary['forms']['contact'];
}

type Errors = Record<string, string[]>;

/** Contact form: checked by the API (ContactSchema), whose per-field messages it shows; the spec's success and failure toasts. */
export default function ContactForm({ locale, text }: Props) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    // The API checks with the shared ContactSchema and answers 422 with per-field messages in the shopper's
    // language; shipping zod to this info page only to say the same thing sooner cost ~6 KB (decision 009).
    const body = Object.fromEntries(new FormData(form));
    setBusy(true);
    try {
      const res = await apiFetch<{ errors?: Errors }>('/contact', { locale, method: 'POST', body });
      if (res.ok) {
        setErrors({});
        form.reset();
        showToast(text.success);
      } else {
        setErrors(res.body.errors ?? {});
        showToast(text.failure, 'error');
      }
    } catch {
      showToast(text.failure, 'error');
    } finally {
      setBusy(false);
    }
  }

  const fields = [
    { name: 'full_name', label: text.fullName, type: 'text', autoComplete: 'name', max: 100 },
    { name: 'email', label: text.email, type: 'email', autoComplete: 'email', max: 254 },
    { name: 'subject', label: text.subject, type: 'text', autoComplete: 'off', max: 150 },
  ];
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-busy={busy}>
      {fields.map((f) => (
        <Field key={f.name} id={`contact-${f.name}`} label={f.label} error={errors[f.name]}>
          {(a11y) => (
            <input
              {...a11y}
              name={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              maxLength={f.max}
              required
              className={inputClass}
            />
          )}
        </Field>
      ))}
      <Field id="contact-notes" label={text.notes} error={errors['notes']}>
        {(a11y) => <textarea {...a11y} name="notes" rows={6} maxLength={2000} required className={inputClass} />}
      </Field>
      <SubmitButton size="lg" heldByIntent busy={busy} busyLabel={text.sending}>
        {text.send}
      </SubmitButton>
    </form>
  );
}
