import type { ShopDb } from '#server/db/index.ts';
import { staffIdOfActor } from '#core/actors/server/actors.ts';

/**
 * The names of the staff members among `ids` and the `staff:<id>` actors, in one read: returns how to name an actor
 * (a member's name, `#<id>` for one no longer there, or the actor itself: shopper, payment, system).
 */
export async function staffNamer(db: ShopDb, actors: readonly string[], ids: readonly number[] = []) {
  const wanted = new Set<number>(ids);
  for (const actor of actors) {
    const id = staffIdOfActor(actor);
    if (id !== null) wanted.add(id);
  }
  const rows = wanted.size
    ? await db
        .selectFrom('staff')
        .select(['id', 'name'])
        .where('id', 'in', [...wanted])
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  const nameOf = (id: number) => byId.get(id) ?? `#${id}`;
  const actorName = (actor: string) => {
    const id = staffIdOfActor(actor);
    return id === null ? actor : nameOf(id);
  };
  return { nameOf, actorName };
}
