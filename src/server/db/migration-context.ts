import type { ColumnDefinitionBuilder } from 'kysely';
import type { Engine } from './connection.ts';

/** What a migration needs to stay portable between SQLite and PostgreSQL (its own file: migrations import it, migrate.ts imports them). */
export interface MigrationContext {
  engine: Engine;
  idType: 'integer' | 'serial';
  id: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
}
