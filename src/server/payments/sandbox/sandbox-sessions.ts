import { randomBytes } from 'node:crypto';
import type { SandboxKeys, SandboxSession } from './sandbox-callbacks.ts';

const SESSION_TTL_MS = 60 * 60_000;

/** A refund the sandbox accepted (tests read them to see the provider was called, and how). */
export interface SandboxRefund {
  protocol: 'paytabs' | 'opay';
  /** The original payment: PayTabs tran_ref, OPay originalReference. */
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
}

/** What each provider's sandbox shares: the keys it checks, the faults tests switch on, the refunds it took, the pages. */
export interface SandboxContext {
  keys: SandboxKeys;
  faults: SandboxFaults;
  refunds: SandboxRefund[];
  sessions: SandboxSessions;
}
