import { count, fields, flag, listOf, named, nullableText, optional, text, when } from './answer-fields.ts';

/**
 * The answers the desk and the seller portal share (one sign-in machinery, decision 031; one own-account page, issue
 * 50): the sign-in steps, the own account, and a member's one-time link.
 */
export const NextStep = fields({ next: text });

export const Enrolment = fields({ secret: text, uri: text, qr_svg: text });

export const RecoveryCodes = fields({ recovery_codes: listOf(text) });

export const SignedOut = fields({ ok: flag });

export const OwnAccount = named(
  'OwnAccount',
  fields({
    recovery_codes_left: count,
    sessions: listOf(
      fields({ id: text, current: flag, client_address: text, user_agent: nullableText, created_at: when, last_seen_at: when }),
    ),
  }),
);

/** The other sessions the change ended. */
export const PasswordChanged = fields({ sessions_ended: count });

/** Whether the session ended was the one asking (then its cookie goes too). */
export const SessionEnded = fields({ current: flag });

/** A one-time link (an invitation or a new authenticator's enrolment) for a member, to pass on. */
export const OneTimeLink = fields({ id: count, email: optional(text), invite_link: text });
