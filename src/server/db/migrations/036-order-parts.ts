import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Orders split by seller (issue 40 item 4, docs/sellers.md "Orders"): each seller with lines in an order gets a part to
 * prepare (new → accepted → ready, or cancelled). The shopper's order is unchanged; a line a seller cannot supply is
 * cancelled on its own (`order_lines.cancelled_at`), its stock and money given back by the lifecycle's rules.
 * Existing orders get their parts here: a cancelled order's are cancelled, an order already handed to the courier
 * (or delivered) has its parts ready, any other order's parts are new.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('order_parts')
    .addColumn('id', idType, id)
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('seller_id', 'integer', (c) => c.notNull())
    // new | accepted | ready | cancelled (src/seller/orders/part-status.ts)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_parts_order_seller_uq')
    .on('order_parts')
    .columns(['order_id', 'seller_id'])
    .unique()
    .execute();
  // The seller's list (by state, newest first) and the dashboard's "parts to prepare".
  await db.schema.createIndex('order_parts_seller_idx').on('order_parts').columns(['seller_id', 'status', 'id']).execute();
  await db.schema.alterTable('order_lines').addColumn('cancelled_at', 'text').execute();
  await sql`
    insert into order_parts (order_id, seller_id, status, created_at, updated_at)
    select o.id, p.seller_id,
      case
        when o.status = 'CANCELED' then 'cancelled'
        when o.status in ('READY_TO_SHIP', 'WITH_COURIER', 'DELIVERED') then 'ready'
        else 'new'
      end,
      o.created_at, o.updated_at
    from orders o
    join (select distinct l.order_id, pr.seller_id from order_lines l join products pr on pr.id = l.product_id) p
      on p.order_id = o.id
  `.execute(db);
}
