/**
 * The desk's tabs (issue 33): one link per view, the current one marked with aria-current, so the view lives in the
 * URL and works before any script. Astro pages render it without a client directive. On a phone the row scrolls inside
 * itself (the orders desk's nine statuses at 360 px) and never widens the page.
 */
export interface Tab {
  key: string;
  label: string;
  href: string;
}

export function Tabs({ label, tabs, current }: { label: string; tabs: Tab[]; current: string }) {
  return (
    <nav aria-label={label} className="mb-4 overflow-x-auto overscroll-x-contain pb-1" data-tabs>
      <ul className="flex w-max gap-2 whitespace-nowrap">
        {tabs.map((tab) => {
          const active = tab.key === current;
          return (
            <li key={tab.key}>
              <a
                href={tab.href}
                aria-current={active ? 'page' : undefined}
                className={`inline-block rounded-full px-4 py-2 text-sm font-semibold ${
                  active ? 'bg-roast-900 text-white' : 'border border-roast-200 bg-white hover:bg-roast-50'
                }`}
              >
                {tab.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
