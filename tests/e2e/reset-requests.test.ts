import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

/**
 * Password-reset requests are limited per requester and per address from everyone, so a
 * stranger cannot lock the owner of an address out of their own reset. The server trusts one
 * proxy hop, so each request names its requester in X-Forwarded-For.
 */
describe.each(serverDialects)(
  "password-reset requests from several requesters on $name",
  (dialect: ServerDialect) => {
    let server: RunningServer;
    let dispose: () => Promise<void>;
    const target = `reset-owner.${dialect.name}@example.com`;

    beforeAll(async () => {
      const prepared = await dialect.prepare();
      dispose = prepared.dispose;
      server = await startServer({ ...prepared.env, TRUST_PROXY: "1" });
    });
    afterAll(async () => {
      await server?.stop();
      await dispose?.();
    });

    async function askFrom(requester: string, email = target): Promise<Response> {
      const visitor = new Visitor(server.url);
      const csrf = await visitor.formToken("/forgot-password");
      return visitor.post("/forgot-password", { email, csrf }, { "x-forwarded-for": requester });
    }

    it("lets 3 of a stranger's burst of 30 through, and the address's owner still gets a link", async () => {
      const burst = await Promise.all(Array.from({ length: 30 }, () => askFrom("203.0.113.9")));
      expect(burst.filter(({ status }) => status === 200)).toHaveLength(3);
      expect(burst.filter(({ status }) => status === 429)).toHaveLength(27);
      const own = await askFrom("198.51.100.7");
      expect(own.status).toBe(200);
      expect(visibleText(await own.text())).toContain("we've sent a link to reset the password");
    });

    it("sends one address no more than 10 links an hour, however many requesters ask, and says so", async () => {
      const email = `reset-flooded.${dialect.name}@example.com`;
      const answers = [];
      for (let requester = 1; requester <= 6; requester++) {
        for (let i = 0; i < 2; i++) answers.push(await askFrom(`192.0.2.${requester}`, email));
      }
      expect(answers.slice(0, 10).map(({ status }) => status)).toEqual(Array(10).fill(200));
      expect(answers.slice(10).map(({ status }) => status)).toEqual([429, 429]);
      expect(visibleText(await (answers[11] as Response).text())).toMatch(
        /This address has been sent 10 reset links in the last hour, the most we send; the links already in its inbox still work\. To ask for another, try again in \d+ minutes?\./,
      );
      // Another address is counted apart.
      expect((await askFrom("192.0.2.1", `reset-other.${dialect.name}@example.com`)).status).toBe(200);
    });
  },
);
