import { useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolate, plural } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { PartnerApplicationSchema } from '#lib/schemas/partner.ts';
import { partnerFileFields, UPLOAD_ACCEPT } from '#lib/uploads.ts';
import { fieldMessages, type ValidationTexts } from '#lib/validation-messages.ts';
import { Field, inputClass } from '#kit/Field.tsx';
import { SubmitButton } from '#kit/Button.tsx';
import { fileProblem, sendApplication } from './partner-upload.ts';
import { showToast } from '#lib/toast-event.ts';
import { FilePicker, type FileText } from '../shared/FilePicker.tsx';

interface Props {
  locale: Locale;
  text: Dictionary['forms']['partner'];
  /** The refusals the server may answer too (file size, type, count; the application failed). */
  problems: Dictionary['forms']['errors'];
  fileText: FileText;
  v: ValidationTexts;
}

type Errors = Record<string, string[]>;

/** Become-a-partner form: text fields and documents, sent as one multipart request; a clear confirmation. */
export default function PartnerForm({ locale, text, problems, fileText, v }: Props) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<{ id: number; brand: string; count: number }>();
  const done = useRef<HTMLDivElement>(null);

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, files } = event.currentTarget;
    const problem = fileProblem([...(files ?? [])], name, problems);
    setErrors(({ [name]: _old, ...rest }) => (problem ? { ...rest, [name]: [problem] } : rest));
    if (problem) showToast(problem, 'error');
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const parsed = PartnerApplicationSchema.safeParse(Object.fromEntries([...data].filter(([, val]) => typeof val === 'string')));
    const found: Errors = parsed.success ? {} : fieldMessages(parsed.error.issues, v);
    for (const field of partnerFileFields) {
      const files = data.getAll(field).filter((f): f is File => f instanceof File && f.size > 0);
      const problem =
        files.length === 0 ? (field === 'company_documents' ? undefined : v.required) : fileProblem(files, field, problems);
      if (problem) found[field] = [problem];
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showToast(Object.values(found)[0]![0]!, 'error');
      return;
    }
    setBusy(true);
    try {
      const res = await sendApplication(data, locale);
      if (res.ok && res.body.data) {
        setReceipt({ id: res.body.data.id, brand: res.body.data.brand_name, count: res.body.data.files.length });
        requestAnimationFrame(() => done.current?.focus());
      } else {
        setErrors(res.body.errors ?? {});
        showToast(res.body.message ?? problems.partnerFailure, 'error');
      }
    } catch {
      showToast(problems.partnerFailure, 'error');
    } finally {
      setBusy(false);
    }
  }

  if (receipt)
    return (
      <div
        ref={done}
        tabIndex={-1}
        role="status"
        className="rounded-xl border border-leaf/30 bg-white p-6"
        data-partner-confirmation
      >
        <h2 className="text-xl font-bold text-leaf">{text.successTitle}</h2>
        <p className="mt-2">
          {interpolate(plural(text.successText, receipt.count, locale), { id: receipt.id, brand: receipt.brand })}
        </p>
        <button type="button" onClick={() => setReceipt(undefined)} className="mt-4 font-semibold text-crema underline">
          {text.another}
        </button>
      </div>
    );

  const texts = [
    { name: 'brand_name', label: text.brandName, type: 'text', auto: 'organization' },
    { name: 'email', label: text.email, type: 'email', auto: 'email' },
    { name: 'mobile', label: text.mobile, type: 'tel', auto: 'tel', hint: text.mobileHint },
  ];
  const files = [
    { name: 'contract', label: text.contract, hint: text.fileHint, multiple: false },
    { name: 'tax_card', label: text.taxCard, hint: text.fileHint, multiple: false },
    {
      name: 'company_documents',
      label: text.companyDocuments,
      hint: `${text.companyDocumentsHint}. ${text.fileHint}`,
      multiple: true,
    },
  ];
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-busy={busy} encType="multipart/form-data">
      {texts.map((f) => (
        <Field key={f.name} id={`partner-${f.name}`} label={f.label} hint={f.hint} error={errors[f.name]}>
          {(a11y) => <input {...a11y} name={f.name} type={f.type} autoComplete={f.auto} required className={inputClass} />}
        </Field>
      ))}
      <Field id="partner-company_description" label={text.companyDescription} error={errors['company_description']}>
        {(a11y) => <textarea {...a11y} name="company_description" rows={5} maxLength={3000} required className={inputClass} />}
      </Field>
      {files.map((f) => (
        <Field key={f.name} id={`partner-${f.name}`} label={f.label} hint={f.hint} error={errors[f.name]}>
          {(a11y) => (
            <FilePicker
              {...a11y}
              text={fileText}
              locale={locale}
              name={f.name}
              accept={UPLOAD_ACCEPT}
              multiple={f.multiple}
              onChange={onFiles}
            />
          )}
        </Field>
      ))}
      <SubmitButton size="lg" heldByIntent busy={busy} busyLabel={text.sending}>
        {text.submit}
      </SubmitButton>
    </form>
  );
}
