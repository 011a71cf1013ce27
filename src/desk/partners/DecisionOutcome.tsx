import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { Filled } from '#islands/shared/Filled.tsx';
import type { ApprovalResult } from './partner-views.ts';

export type PartnerText = Dictionary['adminPartners'];

/** What a decision on an application did: approved (the seller, the owner's invitation) or rejected. */
export interface Decided {
  message: string;
  notified: boolean;
  sellerId?: number;
  ownerInvite?: ApprovalResult['ownerInvite'];
}

/**
 * What PartnerDecision shows once decided: what happened, the applicant's number when the text message did not go
 * out, the owner's one-time invitation link and the new seller's page.
 */
export function DecisionOutcome({
  locale,
  text,
  mobile,
  outcome,
}: {
  locale: Locale;
  text: PartnerText;
  mobile: string;
  outcome: Decided;
}) {
  return (
    <div role="status" className="space-y-2 rounded-xl bg-white p-4 shadow-sm">
      <p className="font-semibold">{outcome.message}</p>
      {!outcome.notified && (
        <p className="text-red-800">
          <Filled template={text.notSent} values={{ mobile }} />
        </p>
      )}
      {outcome.ownerInvite && (
        <div className="space-y-1">
          <p>
            <Filled template={text.ownerInvite} values={{ email: outcome.ownerInvite.email }} />
          </p>
          <code dir="ltr" className="block break-all rounded bg-roast-50 px-2 py-1 font-mono text-sm" data-testid="owner-invite">
            {outcome.ownerInvite.link}
          </code>
        </div>
      )}
      {outcome.sellerId && (
        <a href={localePath(locale, `/seller-profile/${outcome.sellerId}`)} className="underline underline-offset-2">
          {text.openSeller}
        </a>
      )}
    </div>
  );
}
