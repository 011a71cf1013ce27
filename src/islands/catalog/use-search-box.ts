import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { apiFetch } from '#lib/api-client.ts';
import type { Suggestion } from '#lib/types.ts';

/** Spec sections 4, 5 and 9: at least 2 characters, and requests spaced by 200 ms. */
const MIN_CHARS = 2;
const DELAY_MS = 200;

/** The suggestions for what is typed (fetched 200 ms after the last keystroke), fetched again on each change. */
function useSuggestions(text: string, locale: Locale, setActive: (index: number) => void) {
  const [items, setItems] = useState<Suggestion[]>([]);
  const [searched, setSearched] = useState('');
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
  return { items, searched };
}

/**
 * The search box's state: what is typed, the suggestions, whether the list is open and which one is highlighted.
 * Arrow keys move the highlight, Enter opens the highlighted product, Escape or a click outside closes the list.
 */
export function useSearchBox(locale: Locale, hrefOf: (item: Suggestion) => string) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { items, searched } = useSuggestions(text, locale, setActive);
  const root = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);

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

  return { text, setText, items, setOpen, active, setActive, showList, root, input, onKeyDown };
}
