import { useState, type SubmitEvent } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { apiFetch, firstMessage } from '#lib/api-client.ts';
import { showToast } from '#lib/toast-event.ts';
import { SubmitButton } from '#kit/Button.tsx';

interface Props {
  locale: Locale;
  text: { success: string; errors: { failure: string }; emailLabel: string; placeholder: string; subscribe: string };
}

/** Footer newsletter form: lowercases the e-mail, toasts the spec's texts, clears the field after each attempt. */
export default function NewsletterForm({ locale, text }: Props) {
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    // Read from the form, not from state: text typed before hydration must not be lost.
    const email = String(new FormData(form).get('email') ?? '')
      .trim()
      .toLowerCase();
    setBusy(true);
    try {
      const res = await apiFetch('/newsletter', { locale, method: 'POST', body: { email } });
      if (res.ok) showToast(text.success);
      else showToast(res.status === 409 ? text.errors.failure : firstMessage(res.body, text.errors.failure), 'error');
    } catch {
      showToast(text.errors.failure, 'error');
    } finally {
      form.reset();
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-3 flex">
      <label htmlFor="newsletter-email" className="sr-only">
        {text.emailLabel}
      </label>
      <input
        id="newsletter-email"
        type="email"
        name="email"
        required
        maxLength={254}
        autoComplete="email"
        placeholder={text.placeholder}
        className="w-full min-w-0 rounded-s-md border-0 bg-white px-3 py-2 text-sm text-roast-900"
      />
      <SubmitButton joined size="sm" busy={busy} heldByIntent>
        {text.subscribe}
      </SubmitButton>
    </form>
  );
}
