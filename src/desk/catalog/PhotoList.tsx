import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolate } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import type { ProductEditView } from './catalog-views.ts';
import { inputClass } from '#kit/Field.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

type Text = Dictionary['adminCatalog']['editor'];
export type Photo = ProductEditView['images'][number];
const MAX_PHOTOS = 8;

/**
 * A product's photos in the editor: each uploaded at once (the server makes its sizes and formats), described in both
 * languages, put first (the card's photo) or removed. The product is only changed when the form is saved.
 */
export default function PhotoList({
  locale,
  text,
  photos,
  onChange,
  error,
}: {
  locale: Locale;
  text: Text;
  photos: Photo[];
  onChange: (next: Photo[]) => void;
  error: string | undefined;
}) {
  const [uploading, setUploading] = useState<string | null>(null);
  const [refusedFile, setRefusedFile] = useState('');
  // An upload is a write of its own (the photo is stored and sized); the list is the editor's until it is saved.
  const action = useDeskAction<{ url: string }>({ locale, refresh: () => undefined });
  const upload = async (files: FileList | null) => {
    let next = photos;
    for (const file of [...(files ?? [])].slice(0, MAX_PHOTOS - photos.length)) {
      setUploading(file.name);
      const form = new FormData();
      form.append('file', file);
      const res = await action.run({ path: '/media/products', body: form });
      if (!res) {
        setRefusedFile(file.name);
        continue;
      }
      next = [...next, { url: res.data.url, alt_en: '', alt_ar: '' }];
      onChange(next);
    }
    setUploading(null);
  };
  const set = (index: number, patch: Partial<Photo>) => onChange(photos.map((p, i) => (i === index ? { ...p, ...patch } : p)));

  return (
    <fieldset className="space-y-3" aria-describedby={error ? 'photos-hint photos-error' : 'photos-hint'}>
      <legend className="text-sm font-semibold">{text.photos}</legend>
      <p id="photos-hint" className="text-xs text-roast-700">
        {text.photosHint}
      </p>
      {error && (
        <p id="photos-error" className="text-sm text-red-800" data-field-error>
          {error}
        </p>
      )}
      <Notice>{action.state.message && `${refusedFile}: ${action.state.message}`}</Notice>
      <ol className="grid gap-3 sm:grid-cols-2" data-photos>
        {photos.map((photo, i) => {
          const n = i + 1;
          return (
            <li key={photo.url} className="flex gap-3 rounded-lg border border-roast-100 p-2">
              <img
                src={photo.url}
                alt={interpolate(text.photo, { index: n })}
                width="96"
                height="96"
                className="h-24 w-24 shrink-0 rounded object-cover"
              />
              <div className="min-w-0 flex-1 space-y-2">
                <input
                  aria-label={interpolate(text.altEn, { index: n })}
                  placeholder={text.english}
                  dir="ltr"
                  className={`${inputClass} mt-0`}
                  value={photo.alt_en}
                  onChange={(e) => set(i, { alt_en: e.target.value })}
                />
                <input
                  aria-label={interpolate(text.altAr, { index: n })}
                  placeholder={text.arabic}
                  dir="rtl"
                  lang="ar"
                  className={`${inputClass} mt-0`}
                  value={photo.alt_ar}
                  onChange={(e) => set(i, { alt_ar: e.target.value })}
                />
                <div className="flex flex-wrap gap-3 text-sm">
                  {i > 0 && (
                    <button
                      type="button"
                      className="underline"
                      onClick={() => onChange([photo, ...photos.filter((_, k) => k !== i)])}
                    >
                      {interpolate(text.first, { index: n })}
                    </button>
                  )}
                  <button
                    type="button"
                    className="text-red-800 underline"
                    onClick={() => onChange(photos.filter((_, k) => k !== i))}
                  >
                    {interpolate(text.remove, { index: n })}
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {photos.length < MAX_PHOTOS && (
        <label className="inline-block cursor-pointer rounded-full border border-roast-200 bg-white px-4 py-2 text-sm font-semibold focus-within:outline-3 focus-within:outline-crema">
          {uploading ? interpolate(text.uploading, { name: uploading }) : text.addPhoto}
          <input
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/avif"
            className="sr-only"
            disabled={Boolean(uploading)}
            onChange={(e) => void upload(e.target.files).then(() => (e.target.value = ''))}
          />
        </label>
      )}
    </fieldset>
  );
}
