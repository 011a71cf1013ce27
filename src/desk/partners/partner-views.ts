import type { ApplicationStatus } from '#lib/schemas/admin-partners.ts';

/** What the desk's partner pages read (issue 23): the service returns these, the islands are typed with them. */
export interface ApplicationSummary {
  id: number;
  brand_name: string;
  email: string;
  mobile: string;
  status: ApplicationStatus;
  created_at: string;
  files: number;
}

export interface ApplicationFileView {
  id: number;
  /** contract | tax_card | company_document */
  kind: string;
  name: string;
  mime: string;
  size: number;
}

export interface ApplicationView extends Omit<ApplicationSummary, 'files'> {
  company_description: string;
  /** The language the applicant wrote in: the one we answer in. */
  locale: string;
  files: ApplicationFileView[];
  decided_at: string | null;
  decided_by: string | null;
  decision_reason: string | null;
  seller_id: number | null;
}

export interface ApplicationPage {
  rows: ApplicationSummary[];
  status: ApplicationStatus;
  page: number;
  pages: number;
  /** Applications per status, for the tabs. */
  counts: Record<ApplicationStatus, number>;
}

export interface ApprovalResult {
  application: ApplicationView;
  seller: { id: number; slug: string };
  /** Whether the applicant's SMS went out (a failed SMS never undoes the approval). */
  notified: boolean;
  /** The seller owner's invitation to the portal (issue 40): the applicant's e-mail and the one-time link. */
  ownerInvite: { email: string; link: string };
}

/** A seller's owner, as the desk's sellers page lists them for a lost authenticator (issue 50). */
export interface SellerOwnerView {
  id: number;
  name: string;
  email: string;
  status: 'active' | 'invited';
}
