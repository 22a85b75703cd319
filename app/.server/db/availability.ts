import type { DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from "kysely";
import { data } from "react-router";

/** Errors that mean the database server cannot be reached, rather than a bad query. */
const connectionCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

function isConnectionFailure(error: unknown): boolean {
  if (error instanceof AggregateError) return error.errors.some(isConnectionFailure);
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  return (
    (code !== undefined && connectionCodes.has(code)) ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(error.message)
  );
}

/**
 * A page that needs the database while it is down answers 503 ("try again shortly") rather
 * than 500; the original error stays attached as `cause` for logs and start-up messages.
 */
function unavailable(error: unknown): never {
  if (!isConnectionFailure(error)) throw error;
  throw Object.assign(
    data("The site's database is not answering. Please try again in a moment.", { status: 503 }),
    {
      cause: error,
    },
  );
}

function guarded(connection: DatabaseConnection): DatabaseConnection {
  return {
    executeQuery: <R>(query: Parameters<DatabaseConnection["executeQuery"]>[0]): Promise<QueryResult<R>> =>
      connection.executeQuery<R>(query).catch(unavailable),
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

class GuardedDriver implements Driver {
  readonly inner: Driver;
  readonly connections = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(inner: Driver) {
    this.inner = inner;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection().catch(unavailable);
    const wrapped = guarded(connection);
    this.connections.set(wrapped, connection);
    return wrapped;
  }

  private unwrap(connection: DatabaseConnection): DatabaseConnection {
    return this.connections.get(connection) ?? connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(this.unwrap(connection), settings).catch(unavailable);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(this.unwrap(connection)).catch(unavailable);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(this.unwrap(connection));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(this.unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Wraps a dialect so that losing the database server surfaces as HTTP 503. */
export function answeringUnavailable(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new GuardedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
