import { randomBytes } from 'node:crypto';
import type { PaymobEvent, SandboxKeys, SandboxSession } from './sandbox-callbacks.ts';

const SESSION_TTL_MS = 60 * 60_000;

/** A refund the sandbox accepted (tests read them to see the provider was called, and how). */
export interface SandboxRefund {
  protocol: 'paytabs' | 'opay' | 'paymob' | 'fawry';
  /** The original payment: PayTabs tran_ref, OPay originalReference, Paymob transaction id, Fawry reference. */
  original: string;
  /** Our refund reference (cart_id / reference). */
  reference: string;
  amount: number;
  refundRef: string;
}

/** Switches for tests: `refuseRefunds` makes every refund request fail as a provider refusal would. */
export interface SandboxFaults {
  refuseRefunds: boolean;
}

/** The payment pages open in this process, by token (a development tool: one instance), an hour each. */
export class SandboxSessions {
  readonly #sessions = new Map<string, SandboxSession & { expires: number }>();

  readonly publicPath: string;

  constructor(publicPath: string) {
    this.publicPath = publicPath;
  }

  /** Opens a payment page for `session`; returns its address on `origin`. */
  open(session: SandboxSession, origin: string): string {
    for (const [token, s] of this.#sessions) if (s.expires < Date.now()) this.#sessions.delete(token);
    const token = randomBytes(18).toString('base64url');
    this.#sessions.set(token, { ...session, expires: Date.now() + SESSION_TTL_MS });
    return `${origin}${this.publicPath}/pay/${token}`;
  }

  get(token: string): SandboxSession | undefined {
    return this.#sessions.get(token);
  }

  close(token: string): void {
    this.#sessions.delete(token);
  }

  /** Paymob's and Fawry's payments as they would answer about them later (inquiry, refunds), by their reference. */
  readonly #paymob = new Map<string, { session: SandboxSession; state: PaymobEvent; token: string }>();

  /** Remembers what became of a Paymob or Fawry payment (a code issued, paid, declined, cancelled). */
  noteOutcome(token: string, session: SandboxSession, state: PaymobEvent): void {
    this.#paymob.set(session.tranRef, { session, state, token });
  }

  outcomeOf(orderId: string): { session: SandboxSession; state: PaymobEvent } | undefined {
    return this.#paymob.get(orderId);
  }

  /** A payment by our reference (Fawry's status query names it so). */
  byReference(reference: string): { session: SandboxSession; state: PaymobEvent } | undefined {
    for (const known of this.#paymob.values()) if (known.session.reference === reference) return known;
    return undefined;
  }

  /** A paid Paymob transaction by its id (what refunds and voids name). */
  paidTransaction(transactionId: string): SandboxSession | undefined {
    for (const { session, state } of this.#paymob.values())
      if (session.transactionId === transactionId && state === 'approve') return session;
    return undefined;
  }

  /** The open page of a kiosk code not yet paid (the payment point's screen). */
  byBillReference(code: string): string | undefined {
    for (const { session, state, token } of this.#paymob.values())
      if (session.billReference === code && state === 'reference' && this.#sessions.has(token)) return token;
    return undefined;
  }
}

/** What each provider's sandbox shares: the keys it checks, the faults tests switch on, the refunds it took, the pages. */
export interface SandboxContext {
  keys: SandboxKeys;
  faults: SandboxFaults;
  refunds: SandboxRefund[];
  sessions: SandboxSessions;
}
