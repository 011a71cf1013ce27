import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolate } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { cairoInstant } from '#lib/cairo-day.ts';
import { Button, buttonClass } from '#kit/Button.tsx';
import { useConfirm } from '#kit/Dialog.tsx';
import { inputClass } from '#kit/Field.tsx';
import { localized } from '#i18n/localized.ts';

type Text = Dictionary['adminContent'];

/**
 * Below an entry: preview it in either language (a new tab), publish it now, or schedule it at a Cairo date and time
 * (the time typed is Cairo's, whatever the editor's computer is set to).
 */
export default function PublishBar({
  text,
  previewOf,
  onApprove,
  onRemove,
}: {
  text: Text;
  previewOf: (lang: Locale) => string;
  onApprove: (publishAt: string | null) => void;
  /** Takes the entry off the site (asked first). */
  onRemove: () => void;
}) {
  const [when, setWhen] = useState('');
  const { ask, dialog } = useConfirm();
  const remove = async () => {
    if (await ask({ title: text.remove, text: text.confirmRemove, confirm: text.remove, keep: text.keep })) onRemove();
  };
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm">
      {(['en', 'ar'] as const).map((lang) => (
        <a key={lang} href={previewOf(lang)} target="_blank" rel="noopener" className={buttonClass('secondary')}>
          {interpolate(text.preview, { language: localized(lang, { en: text.english, ar: text.arabic }) })}
        </a>
      ))}
      <Button onClick={() => onApprove(null)}>{text.publishNow}</Button>
      <label className="text-sm font-semibold">
        {text.scheduleAt}
        <input
          type="datetime-local"
          value={when}
          onChange={(ev) => setWhen(ev.target.value)}
          aria-describedby="schedule-hint"
          className={inputClass}
        />
      </label>
      <Button variant="secondary" disabled={!when} onClick={() => onApprove(cairoInstant(when))}>
        {text.schedule}
      </Button>
      <Button variant="danger" className="ms-auto" onClick={() => void remove()}>
        {text.remove}
      </Button>
      <p id="schedule-hint" className="w-full text-xs text-roast-700">
        {text.scheduleHint}
      </p>
      {dialog}
    </div>
  );
}
