/**
 * What a SQL driver hands back, already normalized: times are epoch ms, numbers are numbers,
 * every value may be null. Frames are built from this, independent of the database.
 */
export type ColumnKind = 'time' | 'int' | 'float' | 'string' | 'bool' | 'json';

export interface SqlColumn {
  name: string;
  kind: ColumnKind;
  /** the database's type name, for error messages */
  dbType: string;
}

export interface SqlResult {
  columns: SqlColumn[];
  rows: unknown[][];
}

/** Why a SQL call failed; `fromServer` separates "your SQL is wrong" from "could not run it". */
export class SqlError extends Error {
  constructor(
    message: string,
    readonly fromServer: boolean,
  ) {
    super(message);
    this.name = 'SqlError';
  }
}
