import type { Locale } from '#i18n/locales.ts';
import type { Suggestion } from '#lib/types.ts';
import SearchSuggestions from './SearchSuggestions.tsx';
import { useSearchBox } from './use-search-box.ts';

export interface SearchBoxProps {
  locale: Locale;
  id: string;
  action: string;
  productHref: string;
  labels: { placeholder: string; label: string; submit: string; suggestions: string; none: string };
}

/**
 * The navbar search (spec section 4): a GET form to the products listing that expands on focus and
 * suggests products while typing. Arrow keys move the highlight, Enter opens the highlighted product or
 * else submits the search, Escape or a click outside closes the list; a failed fetch is only logged.
 */
export default function SearchBox({ locale, id, action, productHref, labels }: SearchBoxProps) {
  const listId = `${id}-list`;
  const hrefOf = (item: Suggestion) => productHref.replace('{id}', String(item.id));
  const { text, setText, items, setOpen, active, setActive, showList, root, input, onKeyDown } = useSearchBox(locale, hrefOf);

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
      <SearchSuggestions
        id={id}
        listId={listId}
        label={labels.suggestions}
        none={labels.none}
        hidden={!showList}
        items={items}
        active={active}
        onHighlight={setActive}
        hrefOf={hrefOf}
      />
    </form>
  );
}
