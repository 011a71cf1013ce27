import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { apiFetch } from '../../lib/api-client.ts';
import type { Suggestion } from '../../lib/types.ts';

export interface SearchBoxProps {
  locale: Locale;
  id: string;
  action: string;
  productHref: string;
  labels: { placeholder: string; label: string; submit: string; suggestions: string; none: string };
}

/** Spec sections 4, 5 and 9: at least 2 characters, and requests spaced by 200 ms. */
const MIN_CHARS = 2;
const DELAY_MS = 200;

/**
 * The navbar search (spec section 4): a GET form to the products listing that expands on focus and
 * suggests products while typing. Arrow keys move the highlight, Enter opens the highlighted product or
 * else submits the search, Escape or a click outside closes the list; a failed fetch is only logged.
 */
export default function SearchBox({ locale, id, action, productHref, labels }: SearchBoxProps) {
  const [text, setText] = useState('');
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searched, setSearched] = useState('');
  const root = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = `${id}-list`;
  const hrefOf = (item: Suggestion) => productHref.replace('{id}', String(item.id));

  useEffect(() => {
    const q = text.trim();
    if (Array.from(q).length < MIN_CHARS) {
      setItems([]);
      setSearched('');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await apiFetch<{ data: Suggestion[] }>(`/autocomplete?q=${encodeURIComponent(q)}`, {
          locale,
          signal: controller.signal,
        });
        if (!res.ok) throw new Error(`autocomplete answered ${res.status}`);
        setItems(res.body.data);
        setSearched(q);
        setActive(-1);
      } catch (error) {
        if (!controller.signal.aborted) console.error('Search suggestions failed', error);
      }
    }, DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, locale]);

  // Hydration happens on first focus (client:intent): what was typed before that is in the DOM, not in state.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed) {
      setText(typed);
      setOpen(document.activeElement === input.current);
    }
  }, []);

  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);

  const showList = open && searched !== '' && Array.from(text.trim()).length >= MIN_CHARS;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!items.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is "nothing highlighted" (Enter then submits the search); the highlight wraps around.
      setActive((current) => {
        const next = current + step;
        if (next < -1) return items.length - 1;
        return next >= items.length ? -1 : next;
      });
    } else if (event.key === 'Enter' && showList && items[active]) {
      event.preventDefault();
      window.location.assign(hrefOf(items[active]));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <form ref={root} role="search" action={action} method="get" className="relative flex max-w-xl" data-search-box>
      {/* type="text": the HTML standard does not allow role="combobox" on a search input. */}
      <input
        ref={input}
        type="text"
        inputMode="search"
        enterKeyHint="search"
        name="query"
        value={text}
        maxLength={100}
        autoComplete="off"
        role="combobox"
        aria-label={labels.label}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
        placeholder={labels.placeholder}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="w-full rounded-s-full border border-roast-200 bg-roast-50 px-4 py-2 text-sm transition-[box-shadow,background-color] focus:border-crema focus:bg-white focus:shadow-md focus:outline-none min-[992px]:max-w-80 min-[992px]:focus:max-w-none"
      />
      <button type="submit" className="rounded-e-full bg-roast-700 px-4 text-sm font-medium text-white hover:bg-roast-900">
        {labels.submit}
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={labels.suggestions}
        hidden={!showList}
        className="absolute start-0 top-full z-50 mt-1 max-h-[250px] w-[300px] max-w-[calc(100vw-2rem)] overflow-y-auto rounded-lg border border-roast-100 bg-white py-1 shadow-lg"
      >
        {items.length === 0 && <li className="px-3 py-2 text-sm text-roast-500">{labels.none}</li>}
        {items.map((item, index) => (
          <li
            key={item.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className="aria-selected:bg-roast-100"
            onMouseEnter={() => setActive(index)}
          >
            <a href={hrefOf(item)} tabIndex={-1} className="flex items-center gap-3 px-3 py-2">
              <img
                src={item.images[0]}
                alt=""
                width="40"
                height="40"
                loading="lazy"
                className="h-10 w-10 shrink-0 rounded object-cover"
              />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium">{item.name}</span>
                <span className="block truncate text-xs text-roast-500">{item.title}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </form>
  );
}
