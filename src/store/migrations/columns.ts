import {
  sql,
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Expression,
} from 'kysely';
import type { DatabaseType } from '../../config/config.js';

// Portable column types. MySQL cannot index TEXT without a length, so indexed strings are VARCHAR(190)
// (190 utf8mb4 characters fit InnoDB's index prefix); large documents use the dialect's long text.

export const shortText = 'varchar(190)';
export const mediumText = 'varchar(2048)';

export function longText(dialect: DatabaseType): ColumnDataType | Expression<unknown> {
  return dialect === 'mysql' ? sql`longtext` : 'text';
}

export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DatabaseType,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => c.notNull();
export const emptyString = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => c.notNull().defaultTo('');
export const zero = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => c.notNull().defaultTo(0);
