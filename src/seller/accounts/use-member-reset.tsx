import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolate, interpolateIsolated } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { useConfirm } from '#kit/Dialog.tsx';
import { FormMessage } from '#kit/Notice.tsx';
import { OneTimeLink } from '#kit/OneTimeLink.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import type { TeamRow } from './team-row.ts';

/**
 * The owner resets a member who lost their authenticator (issue 50): asked once, then a new one-time link shown where
 * the invitations' are. `reset` for a row's button, `busy` for it, `view` for what the page shows.
 */
export function useMemberReset(locale: Locale, text: Dictionary['seller'], refresh: () => Promise<void>) {
  const s = text.team;
  const [link, setLink] = useState<{ name: string; href: string } | null>(null);
  const resetting = useDeskAction<{ id: number; invite_link: string }>({ locale, side: 'seller', refresh });
  const { ask, dialog } = useConfirm();
  const reset = async (member: TeamRow) => {
    const sure = await ask({
      title: interpolate(s.resetLabel, { name: member.name }),
      text: interpolate(s.resetConfirm, { name: member.name }),
      confirm: s.reset,
      keep: s.resetKeep,
    });
    if (!sure) return;
    const res = await resetting.run({ path: `/team/${member.id}/reset-authenticator` });
    if (res) setLink({ name: member.name, href: res.data.invite_link });
  };
  const view = (
    <>
      <FormMessage state={resetting.state} />
      {link && (
        <OneTimeLink lead={interpolateIsolated(s.resetDone, { name: link.name })} href={link.href} testId="member-reset-link" />
      )}
      {dialog}
    </>
  );
  return { reset, busy: resetting.busy, view };
}
