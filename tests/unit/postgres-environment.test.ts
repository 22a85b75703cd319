import { describe, expect, it } from "vitest";
import { postgresEnvironment } from "~/.server/backups/postgres-tools.ts";
import { Refusal } from "~/.server/backups/refusal.ts";

describe("DATABASE_URL as pg_dump's environment", () => {
  it.each([
    [
      "postgres://site:p%40ss%3Aw0rd@db.internal:5433/woollahra",
      {
        PGHOST: "db.internal",
        PGPORT: "5433",
        PGDATABASE: "woollahra",
        PGUSER: "site",
        PGPASSWORD: "p@ss:w0rd",
      },
    ],
    ["postgresql://site@[::1]:5432/db", { PGHOST: "::1", PGPORT: "5432", PGDATABASE: "db", PGUSER: "site" }],
    ["postgres:///db?host=%2Fvar%2Frun%2Fpostgresql", { PGDATABASE: "db", PGHOST: "/var/run/postgresql" }],
    [
      // As the server's driver reads it: query parameters win, and + is a space.
      "postgres://u:pw@h/db?sslmode=verify-full&application_name=nightly+backup&password=other",
      {
        PGHOST: "h",
        PGDATABASE: "db",
        PGUSER: "u",
        PGPASSWORD: "other",
        PGSSLMODE: "verify-full",
        PGAPPNAME: "nightly backup",
      },
    ],
  ])("%s", (url, environment) => {
    expect(postgresEnvironment(url)).toEqual(environment);
  });

  it.each([
    [
      "postgres://u:secret@h/db?frobnicate=1",
      "DATABASE_URL has a parameter pg_dump cannot be given (frobnicate)",
    ],
    ["postgres://u:s%ZZecret@h/db", "DATABASE_URL has a password that is not valid percent-encoding"],
  ])("refuses %s in one line, naming no value", (url, message) => {
    expect(() => postgresEnvironment(url)).toThrow(new Refusal(message));
  });
});
