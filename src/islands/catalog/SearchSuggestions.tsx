import type { Suggestion } from '#lib/types.ts';

/** The suggestions list under the search box: one option per product (picture, name, title), or "none". */
export default function SearchSuggestions({
  id,
  listId,
  label,
  none,
  hidden,
  items,
  active,
  onHighlight,
  hrefOf,
}: {
  id: string;
  listId: string;
  label: string;
  none: string;
  hidden: boolean;
  items: Suggestion[];
  active: number;
  onHighlight: (index: number) => void;
  hrefOf: (item: Suggestion) => string;
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={label}
      hidden={hidden}
      className="absolute start-0 top-full z-50 mt-1 max-h-[250px] w-[300px] max-w-[calc(100vw-2rem)] overflow-y-auto rounded-lg border border-roast-100 bg-white py-1 shadow-lg"
    >
      {items.length === 0 && <li className="px-3 py-2 text-sm text-roast-500">{none}</li>}
      {items.map((item, index) => (
        <li
          key={item.id}
          id={`${id}-option-${index}`}
          role="option"
          aria-selected={index === active}
          className="aria-selected:bg-roast-100"
          onMouseEnter={() => onHighlight(index)}
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
  );
}
