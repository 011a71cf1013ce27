import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { businessCounters } from './business-metrics.ts';

/**
 * The shop's Prometheus metrics, one registry per process (decision 027). On globalThis: the Astro bundle(s) count
 * render-cache hits and API routes, scripts/start.mjs serves the scrape, and both are separate module graphs of one
 * process. Counters move where things happen; gauges that read state (the database, the search index, the pool) are
 * computed when Prometheus scrapes (their `collect`), through the readers registered here.
 */
export interface StateReaders {
  /** Entries and bytes of the render cache of the bundle that serves now. */
  renderCache?: () => { entries: number; bytes: number };
  /** The shared search index: built yet, and how many products it holds. */
  searchIndex?: () => Promise<{ ready: boolean; documents: number }>;
  /** PostgreSQL's pool (SQLite has none). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** What the shop owes attention to, from the database (one round of cheap indexed counts per scrape). */
  shop?: () => Promise<ShopBacklog>;
}

export interface ShopBacklog {
  /** Online orders waiting for their payment, and when the oldest was placed (ISO, or null). */
  paymentsPending: number;
  oldestPaymentPendingAt: string | null;
  /** Cash-on-delivery orders waiting for their confirmation call. */
  confirmationQueue: number;
  /** Refunds not paid back yet, by status (owed, paying): how many and how much (piastres). */
  refunds: { status: string; count: number; piastres: number }[];
  /** Refunds paid back since the shop began, by destination (wallet, card): how many and how much (piastres). */
  refundsPaid: { destination: string; count: number; piastres: number }[];
  /** Order messages waiting to be sent, by channel, and when the oldest of them was queued (ISO). */
  outbox: { channel: string; pending: number; oldestAt: string | null }[];
}

const requestLabels = ['method', 'route', 'status'] as const;

function create() {
  const registry = new Registry();
  const readers: StateReaders = {};
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const metrics = {
    registry,
    readers,
    requests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: requestLabels,
      registers,
    }),
    requestSeconds: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to the last byte of its answer, by method and route template',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    renderCache: new Counter({
      name: 'render_cache_requests_total',
      help: 'On-demand page requests answered from the render cache (hit) or rendered (miss)',
      labelNames: ['result'] as const,
      registers,
    }),
    dbQuerySeconds: new Histogram({
      name: 'db_query_duration_seconds',
      help: 'Database query time as Kysely measures it, by engine and outcome',
      labelNames: ['engine', 'outcome'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    }),
    jobRuns: new Counter({
      name: 'background_job_runs_total',
      help: 'Background job runs (src/app/background-jobs.ts), by job and outcome',
      labelNames: ['job', 'outcome'] as const,
      registers,
    }),
    jobSeconds: new Histogram({
      name: 'background_job_duration_seconds',
      help: 'Background job run time, by job',
      labelNames: ['job'] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
      registers,
    }),
    smsMessages: new Counter({
      name: 'sms_messages_total',
      help: 'SMS messages handed to the provider (or the development outbox), by provider and outcome',
      labelNames: ['provider', 'outcome'] as const,
      registers,
    }),
    ...businessCounters(registers),
  };
  return { ...metrics, newScrape: registerStateGauges(registry, readers) };
}

export type ShopMetrics = ReturnType<typeof create>;

/** Registers the gauges read on a scrape; returns what starts a scrape (the database is read afresh once in it). */
function registerStateGauges(registry: Registry, readers: StateReaders): () => void {
  const registers = [registry];
  let shopRead: Promise<ShopBacklog | undefined> | undefined;
  // One round of database counts per scrape, however many gauges read it.
  const backlog = (): Promise<ShopBacklog | undefined> =>
    (shopRead ??= readers.shop?.().catch(() => undefined) ?? Promise.resolve(undefined));
  new Gauge({
    name: 'render_cache_entries',
    help: 'Pages kept in the render cache',
    registers,
    collect() {
      const read = readers.renderCache?.();
      if (read) this.set(read.entries);
    },
  });
  new Gauge({
    name: 'render_cache_bytes',
    help: 'Bytes the render cache holds (raw and compressed bodies)',
    registers,
    collect() {
      const read = readers.renderCache?.();
      if (read) this.set(read.bytes);
    },
  });
  new Gauge({
    name: 'search_index_ready',
    help: '1 once the in-memory search index is built, else 0',
    registers,
    async collect() {
      this.set((await readers.searchIndex?.())?.ready ? 1 : 0);
    },
  });
  new Gauge({
    name: 'search_index_documents',
    help: 'Products in the search index',
    registers,
    async collect() {
      const read = await readers.searchIndex?.();
      if (read?.ready) this.set(read.documents);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting: requests queued for one); absent on SQLite',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = readers.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'shop_payments_pending',
    help: 'Online orders waiting for their payment',
    registers,
    async collect() {
      const read = await backlog();
      if (read) this.set(read.paymentsPending);
    },
  });
  new Gauge({
    name: 'shop_payment_pending_oldest_seconds',
    help: 'Age of the oldest online order still waiting for its payment (0 when none)',
    registers,
    async collect() {
      const read = await backlog();
      if (read) this.set(read.oldestPaymentPendingAt ? (Date.now() - Date.parse(read.oldestPaymentPendingAt)) / 1000 : 0);
    },
  });
  new Gauge({
    name: 'shop_confirmation_queue_length',
    help: 'Cash-on-delivery orders waiting for their confirmation call',
    registers,
    async collect() {
      const read = await backlog();
      if (read) this.set(read.confirmationQueue);
    },
  });
  new Gauge({
    name: 'shop_refunds_owed',
    help: 'Refunds not paid back yet, by status (owed; paying: claimed by finance while the provider is asked)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const read = await backlog();
      if (!read) return;
      this.reset();
      for (const status of ['owed', 'paying']) this.set({ status }, read.refunds.find((r) => r.status === status)?.count ?? 0);
    },
  });
  new Gauge({
    name: 'shop_refunds_owed_piastres',
    help: 'Money owed back to shoppers and not paid yet (piastres), by status',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const read = await backlog();
      if (!read) return;
      for (const status of ['owed', 'paying']) this.set({ status }, read.refunds.find((r) => r.status === status)?.piastres ?? 0);
    },
  });
  registerBusinessGauges(registers, backlog);
  return () => {
    shopRead = undefined;
  };
}

/** Channels and destinations always reported (0 when none), so an alert sees a series before the first message. */
const OUTBOX_CHANNELS = ['whatsapp', 'sms', 'push'];
const REFUND_DESTINATIONS = ['wallet', 'card'];

/** The business read on a scrape (issue 50): the order-message outbox's backlog, and refunds paid back. */
function registerBusinessGauges(registers: Registry[], backlog: () => Promise<ShopBacklog | undefined>): void {
  new Gauge({
    name: 'outbox_pending_messages',
    help: 'Order messages queued and not sent yet, by channel',
    labelNames: ['channel'] as const,
    registers,
    async collect() {
      const read = await backlog();
      if (!read) return;
      const channels = new Set([...OUTBOX_CHANNELS, ...read.outbox.map((o) => o.channel)]);
      for (const channel of channels) this.set({ channel }, read.outbox.find((o) => o.channel === channel)?.pending ?? 0);
    },
  });
  new Gauge({
    name: 'outbox_oldest_pending_seconds',
    help: 'Age of the oldest order message still queued, by channel (0 when none)',
    labelNames: ['channel'] as const,
    registers,
    async collect() {
      const read = await backlog();
      if (!read) return;
      const channels = new Set([...OUTBOX_CHANNELS, ...read.outbox.map((o) => o.channel)]);
      for (const channel of channels) {
        const oldest = read.outbox.find((o) => o.channel === channel)?.oldestAt;
        this.set({ channel }, oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0);
      }
    },
  });
  // Counters read from the refunds table, not counted in memory: the figure is the shop's, the same on every instance
  // and across restarts (paid refunds are never deleted, so it only grows). Use max() across instances, not sum().
  const paidCounters = [
    { name: 'refunds_paid_total', help: 'Refunds paid back since the shop began, by destination (wallet, card)', of: 'count' },
    {
      name: 'refunds_paid_piastres_total',
      help: 'Money paid back to shoppers since the shop began (piastres), by destination',
      of: 'piastres',
    },
  ] as const;
  for (const { name, help, of } of paidCounters)
    new Counter({
      name,
      help,
      labelNames: ['destination'] as const,
      registers,
      async collect() {
        const read = await backlog();
        if (!read) return;
        this.reset();
        for (const destination of REFUND_DESTINATIONS)
          this.inc({ destination }, read.refundsPaid.find((r) => r.destination === destination)?.[of] ?? 0);
      },
    });
}

const key = Symbol.for('coffee-marketplace.metrics');
const store = globalThis as unknown as Record<symbol, ShopMetrics | undefined>;

/** The process's metrics (created on first use). */
export function metrics(): ShopMetrics {
  return (store[key] ??= create());
}
