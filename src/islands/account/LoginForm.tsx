import { apiFetch } from '#lib/api-client.ts';
import { useActionState } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { adoptSession } from '#lib/auth-client.ts';
import { routeBackPath } from '#lib/route-back.ts';
import { withFormState, emptyState, typedValues, type FormState } from '#kit/form-state.ts';
import { SignInFields, StepForm } from '#kit/StepForm.tsx';
import { type AccountText } from './account-text.ts';
import { useClientAction } from '../shared/use-mounted.ts';

/** /login?routeBack=…&routeParams=…: after login the shopper lands where they were (spec section 2). */
export default function LoginForm({ locale, text }: { locale: Locale; text: AccountText }) {
  const [state, action] = useActionState(async (_prev: FormState, form: FormData): Promise<FormState> => {
    const res = await withFormState(
      apiFetch<{ data: Parameters<typeof adoptSession>[0] }>('/auth/login', {
        locale,
        method: 'POST',
        body: Object.fromEntries(form),
      }),
    );
    if (!res.ok) return { ...res.state, values: typedValues(form) };
    adoptSession(res.body.data);
    const query = new URLSearchParams(window.location.search);
    window.location.assign(routeBackPath(locale, query.get('routeBack'), query.get('routeParams')));
    return emptyState;
  }, emptyState);
  const clientAction = useClientAction(action);
  return (
    <StepForm action={clientAction} state={state} busyLabel={text.working} submit={text.loginButton}>
      <SignInFields
        login={{ name: 'login', label: text.loginField }}
        passwordLabel={text.password}
        state={state}
        idPrefix="login"
      />
    </StepForm>
  );
}
