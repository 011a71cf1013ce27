import { useRef, useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { Field, inputClass } from '#kit/Field.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import { directionOf } from '#i18n/locales.ts';

type Text = Dictionary['adminContent'];

/** What each toolbar button does to the selection: wrap it, or start each of its lines. */
const MARKS = {
  heading: { line: '## ' },
  bold: { wrap: '**' },
  list: { line: '- ' },
  numbered: { line: '1. ' },
  quote: { line: '> ' },
} as const;

/**
 * An entry's text in one language: Markdown (what the build renders) written through a toolbar for headings, bold,
 * lists, links, quotes and images, so an editor needs no syntax; images go through the product photos' pipeline.
 */
export default function MarkdownArea({
  locale,
  text,
  id,
  lang,
  value,
  onChange,
  error,
}: {
  locale: Locale;
  text: Text;
  id: string;
  lang: Locale;
  value: string;
  onChange: (next: string) => void;
  error: string[] | undefined;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const bar = text.toolbar;

  const edit = (make: (selected: string) => string) => {
    const el = area.current;
    if (!el) return;
    const [start, end] = [el.selectionStart, el.selectionEnd];
    const replaced = make(value.slice(start, end));
    onChange(value.slice(0, start) + replaced + value.slice(end));
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start, start + replaced.length);
    });
  };
  const mark = (name: keyof typeof MARKS) => {
    const m: { wrap?: string; line?: string } = MARKS[name];
    edit((s) =>
      m.wrap
        ? `${m.wrap}${s || bar[name]}${m.wrap}`
        : `\n${(s || bar[name])
            .split('\n')
            .map((l) => m.line + l)
            .join('\n')}\n`,
    );
  };
  const link = () => {
    const href = window.prompt(bar.linkPrompt, 'https://');
    if (href) edit((s) => `[${s || href}](${href.trim()})`);
  };
  // An uploaded image goes into the text where the cursor is (the entry is saved with it).
  const upload = useDeskAction<{ url: string }>({ locale, refresh: () => undefined });
  const image = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    const form = new FormData();
    form.append('file', file);
    const res = await upload.run({ path: '/media/content', body: form });
    setBusy(false);
    if (!res) return;
    const alt = file.name.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '');
    edit(() => `\n![${alt}](${res.data.url})\n`);
  };

  const button = (label: string, onClick: () => void) => (
    <button type="button" onClick={onClick} className="rounded border border-roast-200 px-2 py-1 text-sm hover:bg-roast-50">
      {label}
    </button>
  );
  return (
    <Field id={id} label={text.body} error={error} hint={busy ? bar.uploading : undefined}>
      {(a11y) => (
        <>
          <div role="toolbar" aria-label={bar.label} aria-controls={id} className="mt-1 flex flex-wrap gap-1">
            {button(bar.heading, () => mark('heading'))}
            {button(bar.bold, () => mark('bold'))}
            {button(bar.list, () => mark('list'))}
            {button(bar.numbered, () => mark('numbered'))}
            {button(bar.link, link)}
            {button(bar.quote, () => mark('quote'))}
            {button(bar.image, () => picker.current?.click())}
            <input
              ref={picker}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              hidden
              data-image-for={lang}
              onChange={(ev) => void image(ev.target.files?.[0]).finally(() => (ev.target.value = ''))}
            />
          </div>
          <Notice>{upload.state.message && `${bar.imageFailed} ${upload.state.message}`}</Notice>
          <textarea
            {...a11y}
            ref={area}
            lang={lang}
            dir={directionOf(lang)}
            rows={14}
            value={value}
            onChange={(ev) => onChange(ev.target.value)}
            className={`${inputClass} font-mono text-sm`}
          />
        </>
      )}
    </Field>
  );
}
