import { useStore } from '@nanostores/react';
import { interpolate } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { $session } from '#stores/session.ts';
import { accountPages, type AccountPageLabels } from '#lib/account-pages.ts';
import type { AccountText } from './account-text.ts';
import Avatar from './Avatar.tsx';
import { logOutAndGoHome } from './log-out.ts';

/**
 * Navbar account spot (spec section 2): the login/register link for guests (carrying routeBack to this page),
 * or the avatar, a greeting with the first name and the account dropdown. Both sit in one fixed-size box, so
 * the swap once the session is known moves nothing.
 */
export type AccountMenuText = Pick<AccountText, 'hello' | 'accountMenu' | 'logout'> & AccountPageLabels;

interface Props {
  locale: Locale;
  text: AccountMenuText;
  loginLabel: string;
  /** /login with routeBack naming this page (worked out when the page is rendered). */
  loginHref: string;
}

export default function AccountMenu({ locale, text, loginLabel, loginHref }: Props) {
  const session = useStore($session, { ssr: 'initial' });

  const user = session.user;
  return (
    <div className="flex h-10 w-10 items-center justify-end min-[992px]:w-auto min-[992px]:min-w-44" data-account-menu>
      {session.status === 'user' && user ? (
        <details data-dropdown className="relative">
          <summary className="flex cursor-pointer items-center gap-2 rounded-full p-1 hover:bg-roast-100">
            <Avatar user={user} size={32} />
            <span className="hidden max-w-28 truncate text-sm font-medium min-[992px]:inline">
              {interpolate(text.hello, { name: user.firstName })}
            </span>
            <span className="sr-only min-[992px]:hidden">{text.accountMenu}</span>
          </summary>
          <ul className="absolute end-0 z-40 mt-2 w-56 rounded-lg bg-white py-2 shadow-lg ring-1 ring-roast-100">
            <li className="px-4 py-2 text-sm font-semibold min-[992px]:hidden">
              {interpolate(text.hello, { name: user.firstName })}
            </li>
            {accountPages.map((page) => (
              <li key={page.id}>
                <a href={localePath(locale, page.path)} className="block px-4 py-2 text-sm hover:bg-roast-50">
                  {text[page.label]}
                </a>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => void logOutAndGoHome(locale)}
                className="block w-full px-4 py-2 text-start text-sm hover:bg-roast-50"
              >
                {text.logout}
              </button>
            </li>
          </ul>
        </details>
      ) : (
        <a
          href={loginHref}
          data-login-link
          // Guests never hydrate this island (client:intent="on:app:session-user"): CSS keeps the link invisible only
          // while the page does not yet know it is a guest's (html[data-session] is set by auth-client.ts).
          className="hidden whitespace-nowrap rounded px-2 py-1 text-sm font-medium hover:text-crema min-[992px]:inline [html:not([data-session=guest])_&]:invisible"
        >
          {loginLabel}
        </a>
      )}
    </div>
  );
}
