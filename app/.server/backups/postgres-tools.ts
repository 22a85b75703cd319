import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Refusal } from "./refusal.ts";

const run = promisify(execFile);

/** The libpq settings a DATABASE_URL may hold, and the environment variable each one has. */
const environmentNames: Record<string, string> = {
  host: "PGHOST",
  hostaddr: "PGHOSTADDR",
  port: "PGPORT",
  dbname: "PGDATABASE",
  user: "PGUSER",
  password: "PGPASSWORD",
  passfile: "PGPASSFILE",
  options: "PGOPTIONS",
  application_name: "PGAPPNAME",
  connect_timeout: "PGCONNECT_TIMEOUT",
  sslmode: "PGSSLMODE",
  sslcert: "PGSSLCERT",
  sslkey: "PGSSLKEY",
  sslrootcert: "PGSSLROOTCERT",
  sslcrl: "PGSSLCRL",
  channel_binding: "PGCHANNELBINDING",
  gssencmode: "PGGSSENCMODE",
  target_session_attrs: "PGTARGETSESSIONATTRS",
};

function decoded(text: string, part: string, decode = decodeURIComponent): string {
  try {
    return decode(text);
  } catch {
    throw new Refusal(`DATABASE_URL has a ${part} that is not valid percent-encoding`);
  }
}

/**
 * DATABASE_URL as the environment pg_dump and pg_restore read (PGHOST, PGUSER, PGPASSWORD…):
 * a command line is visible to every user of the machine (ps, /proc), so the tools get no
 * connection setting there. The URL is read as the server's driver reads it (pg-connection-
 * string: query parameters win over the address's parts), so the tools reach the same database.
 * A setting with no environment variable is refused by name.
 */
export function postgresEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const settings = new Map<string, string>();
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (host) settings.set("host", decoded(host, "host"));
  if (url.port) settings.set("port", url.port);
  if (url.pathname.length > 1)
    settings.set("dbname", decoded(url.pathname.slice(1), "database name", decodeURI));
  if (url.username) settings.set("user", decoded(url.username, "user name"));
  if (url.password) settings.set("password", decoded(url.password, "password"));
  for (const [name, value] of url.searchParams) settings.set(name, value);
  const environment: Record<string, string> = {};
  for (const [setting, value] of settings) {
    const variable = environmentNames[setting];
    if (!variable) throw new Refusal(`DATABASE_URL has a parameter pg_dump cannot be given (${setting})`);
    environment[variable] = value;
  }
  return environment;
}

/**
 * Runs pg_dump or pg_restore, connected to `databaseUrl` when given; a missing tool or its
 * failure becomes one line saying so.
 */
export async function postgresTool(
  tool: "pg_dump" | "pg_restore",
  args: string[],
  databaseUrl?: string,
): Promise<string> {
  const env = { ...process.env, ...(databaseUrl ? postgresEnvironment(databaseUrl) : {}) };
  try {
    const { stdout } = await run(tool, args, { env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT") {
      throw new Refusal(
        `${tool} was not found: install the PostgreSQL client tools (the server's major version or newer)`,
      );
    }
    const reason = (failure.stderr ?? "").trim().split("\n").find(Boolean) ?? failure.message;
    throw new Refusal(`${tool} failed: ${reason}`);
  }
}
