import type { DatabaseConnection, Dialect } from "kysely";
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

/** What a guarded method's result becomes (a connection is guarded in turn). */
type Guarded = Record<string, (result: never) => unknown>;
const asIs = (result: never) => result;

/** The objects behind each guard: the inner driver is always handed its own connections. */
const guardedTargets = new WeakMap<object, object>();
const unwrap = (value: unknown) =>
  (typeof value === "object" && value !== null && guardedTargets.get(value)) || value;

/**
 * `target` with every member passed through, methods called on the target itself (so the
 * driver's private state keeps working) with the targets of guarded arguments, and the
 * methods named in `guarded` answering a lost database as "unavailable". A proxy rather
 * than a list of methods: whatever a driver or connection offers (savepoints, query
 * cancellation, what later Kysely versions add) stays available through the guard.
 */
function guard<T extends object>(target: T, guarded: Guarded): T {
  const proxy = new Proxy(target, {
    get(object, property) {
      const member: unknown = Reflect.get(object, property, object);
      if (typeof member !== "function") return member;
      const after =
        typeof property === "string" && Object.hasOwn(guarded, property) ? guarded[property] : undefined;
      if (!after) return (...args: unknown[]) => member.apply(object, args.map(unwrap));
      return (...args: unknown[]) =>
        (member.apply(object, args.map(unwrap)) as Promise<never>).then(after, unavailable);
    },
  });
  guardedTargets.set(proxy, target);
  return proxy;
}

const guardedConnection: Guarded = { executeQuery: asIs };

/** Rolling back and releasing are left alone: they run after a failure, whose error must surface. */
const guardedDriver: Guarded = {
  acquireConnection: (connection: DatabaseConnection) => guard(connection, guardedConnection),
  beginTransaction: asIs,
  commitTransaction: asIs,
  savepoint: asIs,
  rollbackToSavepoint: asIs,
  releaseSavepoint: asIs,
};

/** Wraps a dialect so that losing the database server surfaces as HTTP 503. */
export function answeringUnavailable(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => guard(dialect.createDriver(), guardedDriver),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
