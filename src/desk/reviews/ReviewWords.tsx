import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { Button, SubmitButton } from '#kit/Button.tsx';
import { Field, inputClass } from '#kit/Field.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

export interface ReviewWordView {
  id: number;
  word: string;
}

/** The desk's words that flag a review's text (issue 52): matched in any spelling variant, added and removed here. */
export default function ReviewWords({
  locale,
  text,
  words,
}: {
  locale: Locale;
  text: Dictionary['reviews'];
  words: ReviewWordView[];
}) {
  const [list, setList] = useState(words);
  const [word, setWord] = useState('');
  const add = useDeskAction<ReviewWordView[]>({ locale, done: text.desk.wordAdded, refresh: (w) => (setList(w), setWord('')) });
  const remove = useDeskAction<ReviewWordView[]>({ locale, done: text.desk.wordRemoved, refresh: setList });
  return (
    <section aria-labelledby="review-words" className="mt-8 rounded-xl bg-white p-4 shadow-sm" data-review-words>
      <h2 id="review-words" className="text-lg font-semibold">
        {text.desk.words}
      </h2>
      <p className="mb-3 text-sm text-roast-700">{text.desk.wordsIntro}</p>
      {list.length ? (
        <ul className="mb-3 flex flex-wrap gap-2">
          {list.map((w) => (
            <li key={w.id} className="flex items-center gap-1 rounded-full bg-roast-50 ps-3">
              <bdi>{w.word}</bdi>
              <Button
                size="sm"
                variant="secondary"
                busy={remove.busy}
                onClick={() => void remove.run({ path: `/review-words/${w.id}`, method: 'DELETE' })}
              >
                {text.desk.removeWord}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-3 text-sm">{text.desk.noWords}</p>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={add.onSubmit(() => add.run({ path: '/review-words', body: { word } }))}
      >
        <div className="min-w-0 flex-1 basis-56">
          <Field id="review-word" label={text.desk.word} error={add.state.errors['word']}>
            {(a11y) => <input {...a11y} className={inputClass} value={word} onChange={(e) => setWord(e.target.value)} />}
          </Field>
        </div>
        <SubmitButton busy={add.busy}>{text.desk.addWord}</SubmitButton>
      </form>
      {!add.state.errors['word'] && <Notice className="mt-2">{add.state.message}</Notice>}
      <Notice className="mt-2">{remove.state.message}</Notice>
    </section>
  );
}
