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

/**
 * A statement that runs on its own (autocommit) is its own unit of work: when the database
 * refuses it with a deadlock or BUSY, it is run again here, so no store has to remember to.
 * Statements inside a transaction are not: only the whole transaction can be re-run
 * (store/transaction.ts).
 */
class RetryingConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly onRetry: RetryListener,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.inner.executeQuery<R>(query);
    return withRetries(() => this.inner.executeQuery<R>(query), this.onRetry);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
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

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof BorrowedConnection) return Promise.resolve();
    return this.inner.releaseConnection((connection as RetryingConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * The dialect with retrying connections. `beginStatement` replaces the dialect's BEGIN: SQLite
 * takes `BEGIN IMMEDIATE`, so a transaction holds the write lock from its first statement and
 * waits for it (busy_timeout) instead of failing at once when it upgrades a stale read snapshot.
 */
export function withRetryingDriver(
  dialect: Dialect,
  onRetry: RetryListener,
  beginStatement?: string,
): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new RetryingDriver(dialect.createDriver(), onRetry, beginStatement),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
