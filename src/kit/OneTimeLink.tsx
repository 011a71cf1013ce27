/**
 * A one-time link the desk or the portal hands over (an invitation, a new enrolment link after a lost authenticator):
 * what it is, then the address, left to right whatever the page's direction, breaking anywhere on a phone. Announced
 * when it appears (`role="status"`).
 */
export function OneTimeLink({ lead, href, testId }: { lead: string; href: string; testId: string }) {
  return (
    <div role="status" className="space-y-1 text-sm">
      <p>{lead}</p>
      <code dir="ltr" className="block break-all rounded bg-roast-50 px-2 py-1 font-mono" data-testid={testId}>
        {href}
      </code>
    </div>
  );
}
