import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { withRetries, type RetryListener } from './retry.js';
import { unitBegan, unitConnection } from './transaction.js';

/** Waits until what the connection wrote is durable (store/sqlite-wal-sync.ts); SQLite only. */
export type AfterWrite = () => Promise<void>;

/**
 * A statement that runs on its own (autocommit) is its own unit of work: when the database
 * refuses it with a deadlock or BUSY, it is run again here, so no store has to remember to.
 * Statements inside a transaction are not: only the whole transaction can be re-run
 * (store/transaction.ts).
 */
class RetryingConnection implements DatabaseConnection {
  inTransaction = false;
  /** wrote since it was acquired: the release waits for afterWrite */
  wrote = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly onRetry: RetryListener,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.inner.executeQuery<R>(query);
    return this.autocommit(query);
  }

  private async autocommit<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await withRetries(() => this.inner.executeQuery<R>(query), this.onRetry);
    if (mayWrite(query)) this.wrote = true;
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

function mayWrite(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind === 'SelectQueryNode') return false;
  return kind !== 'RawNode' || !/^\s*select\b/i.test(query.sql);
}

/** The unit of work's connection lent to a query built on the plain database; not released by it. */
class BorrowedConnection implements DatabaseConnection {
  constructor(private readonly owner: RetryingConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.owner.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.owner.streamQuery<R>(query, chunkSize);
  }
}

class RetryingDriver implements Driver {
  // The pool hands out the same connection objects again: keep one wrapper per connection.
  private readonly wrappers = new WeakMap<DatabaseConnection, RetryingConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly onRetry: RetryListener,
    private readonly beginStatement: string | undefined,
    private readonly afterWrite: AfterWrite | undefined,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Inside a unit of work every query runs on the unit's transaction (store/transaction.ts).
    const joined = unitConnection();
    if (joined) return new BorrowedConnection(joined as RetryingConnection);
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) {
      wrapper = new RetryingConnection(connection, this.onRetry);
      this.wrappers.set(connection, wrapper);
    }
    return wrapper;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const wrapper = connection as RetryingConnection;
    wrapper.inTransaction = true;
    unitBegan(wrapper);
    try {
      if (this.beginStatement) await wrapper.inner.executeQuery(CompiledQuery.raw(this.beginStatement));
      else await this.inner.beginTransaction(wrapper.inner, settings);
    } catch (err) {
      wrapper.inTransaction = false;
      throw err;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const wrapper = connection as RetryingConnection;
    try {
      await this.inner.commitTransaction(wrapper.inner);
      wrapper.wrote = true;
    } finally {
      wrapper.inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const wrapper = connection as RetryingConnection;
    try {
      await this.inner.rollbackTransaction(wrapper.inner);
    } finally {
      wrapper.inTransaction = false;
    }
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.savepoint?.((connection as RetryingConnection).inner, name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.rollbackToSavepoint?.((connection as RetryingConnection).inner, name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.releaseSavepoint?.((connection as RetryingConnection).inner, name, compileQuery);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof BorrowedConnection) return;
    const wrapper = connection as RetryingConnection;
    const wrote = wrapper.wrote;
    wrapper.wrote = false;
    await this.inner.releaseConnection(wrapper.inner);
    // Kysely answers the query or transaction once this returns: the next writer goes on
    // meanwhile (store/sqlite-wal-sync.ts).
    if (wrote) await this.afterWrite?.();
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * The dialect with retrying connections. `beginStatement` replaces the dialect's BEGIN: SQLite
 * takes `BEGIN IMMEDIATE`, so a transaction holds the write lock from its first statement and
 * waits for it (busy_timeout) instead of failing at once when it upgrades a stale read snapshot.
 * `afterWrite` runs after each commit and each autocommitted write, once the connection is
 * released; the statement or transaction is answered when it is done.
 */
export function withRetryingDriver(
  dialect: Dialect,
  onRetry: RetryListener,
  beginStatement?: string,
  afterWrite?: AfterWrite,
): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new RetryingDriver(dialect.createDriver(), onRetry, beginStatement, afterWrite),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
