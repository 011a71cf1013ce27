import { Counter, Gauge, type Registry } from 'prom-client';
import { Problem } from '../problem.ts';

/**
 * The business beside the requests (issue 50): what the shop sells and how its partners answer, counted where it
 * happens, after it is committed. The backlog read from the database on a scrape (the outbox, refunds paid) is in
 * metrics.ts' state gauges. Names as Prometheus expects: `_total` counters, labels of bounded sets (payment methods,
 * locales, providers, outcomes, courier steps), never an id.
 */
export function businessCounters(registers: Registry[]) {
  return {
    ordersPlaced: new Counter({
      name: 'orders_placed_total',
      help: 'Orders placed (a replayed idempotency key is not counted again), by payment method and locale',
      labelNames: ['payment_method', 'locale'] as const,
      registers,
    }),
    payments: new Counter({
      name: 'payments_total',
      help: 'Online payments settled by a verified callback or a reconciliation answer, by provider and outcome (paid, declined, cancelled, paid_late)',
      labelNames: ['provider', 'outcome'] as const,
      registers,
    }),
    webhooks: new Counter({
      name: 'webhooks_received_total',
      help: 'Webhook posts received from partners, by provider and outcome (accepted, duplicate, refused)',
      labelNames: ['provider', 'outcome'] as const,
      registers,
    }),
    readiness: new Gauge({
      name: 'readiness_ready',
      help: 'What this instance last answered on /api/health: 1 in rotation (ready, switching), 0 out (starting, degraded)',
      registers,
    }),
    readinessChanges: new Counter({
      name: 'readiness_changes_total',
      help: 'Times /api/health answered in rotation after out of it, or the reverse (a flapping instance)',
      registers,
    }),
    courierDeliveries: new Counter({
      name: 'courier_deliveries_total',
      help: 'Courier deliveries reaching a state, as the company reports it (a CourierStep), by company and state',
      labelNames: ['company', 'state'] as const,
      registers,
    }),
  };
}

export type WebhookOutcome = 'accepted' | 'duplicate' | 'refused';

/**
 * Runs a webhook's handling and counts it: its outcome when it answers, `refused` when it is turned away (a 4xx
 * Problem: a bad signature or secret, an unreadable body). A fault on our side (5xx) is the request metrics' to count.
 */
export async function countedWebhook<T>(
  count: (outcome: WebhookOutcome) => void,
  handle: () => Promise<T>,
  outcomeOf: (answer: T) => WebhookOutcome,
): Promise<T> {
  let answer: T;
  try {
    answer = await handle();
  } catch (error) {
    if (error instanceof Problem && error.status < 500) count('refused');
    throw error;
  }
  count(outcomeOf(answer));
  return answer;
}
