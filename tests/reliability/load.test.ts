import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { edit, ownSlugs, publish, signedIn, signedUp, uploadCover } from "../support/author.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { Visitor, visibleText } from "../support/visitor.ts";
import { LoadStats } from "./support/load-stats.ts";
import { longRun } from "./support/run-length.ts";

const seconds = longRun ? 60 : 10;
const readers = 50;
const writers = 5;
/** Enough posts before the run for /home to have a second page (12 posts a page). */
const postsPerWriterBeforeRun = 3;

const publicPages = ["/", "/home", "/home?page=2", "/woollahra", "/about", "/building", "/commercial"];
const machinePages = ["/rss.xml", "/sitemap.xml"];
const signedInPages = ["/dashboard", "/create-post"];

interface Writer {
  visitor: Visitor;
  email: string;
  coverImageId: string;
  written: number;
  /** Posts the site acknowledged creating. */
  published: number;
  lastEdit?: { slug: string; title: string };
}

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;

describe.each(serverDialects)("the site under load on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let dispose: () => Promise<void>;
  const authors: Writer[] = [];
  /** Every slug known to exist; readers open these posts, writers add to them. */
  const slugs: string[] = [];

  function post(writer: Writer) {
    writer.written++;
    return {
      title: `Load ${writer.email} post ${writer.written}`,
      content: `## Notes\n\nPost ${writer.written} of a writer under load, with **some** Markdown.`,
      coverImageId: writer.coverImageId,
    };
  }

  beforeAll(async () => {
    let env: Record<string, string>;
    ({ env, dispose } = await dialect.prepare());
    // The writers publish as fast as the server lets them, far past the posting limit.
    server = await startServer({ ...env, RATE_LIMITS: "off" });
    for (let n = 0; n < writers; n++) {
      const email = `writer${n}.${dialect.name}@example.com`;
      const visitor = await signedUp(server.url, email);
      const writer: Writer = {
        visitor,
        email,
        coverImageId: await uploadCover(visitor),
        written: 0,
        published: 0,
      };
      for (let p = 0; p < postsPerWriterBeforeRun; p++) {
        expect((await publish(visitor, post(writer))).status).toBe(303);
        writer.published++;
      }
      slugs.push(...(await ownSlugs(visitor)));
      authors.push(writer);
    }
  });
  afterAll(async () => {
    await server?.stop();
    await dispose?.();
  });

  it(`answers ${readers} readers and ${writers} writers for ${seconds} s without errors`, async () => {
    const stats = new LoadStats();
    let deadline = Number.POSITIVE_INFINITY;
    const coverImages = authors.map((writer) => `/images/${writer.coverImageId}/400.webp`);

    async function reader(visitor: Visitor, pages: string[]) {
      while (Date.now() < deadline) {
        const page = randomInt(4) === 0 ? `/blog/${encodeURIComponent(pick(slugs))}` : pick(pages);
        await stats.measure(`GET ${page}`, 200, () => visitor.get(page));
      }
    }

    /** Alternates publishing a new post and editing one of the writer's own. */
    async function writer(author: Writer) {
      const { visitor } = author;
      const own = await ownSlugs(visitor);
      while (Date.now() < deadline) {
        const created = await stats.measure("POST /create-post", 303, () => publish(visitor, post(author)));
        if (created?.location !== "/create-post") continue;
        author.published++;
        const dashboard = await stats.measure("GET /dashboard", 200, () => visitor.get("/dashboard"));
        const listed = [...(dashboard?.body ?? "").matchAll(/href="\/edit-post\/([^"]+)"/g)];
        const newest = listed[0]?.[1];
        if (newest && !own.includes(decodeURIComponent(newest))) {
          own.push(decodeURIComponent(newest));
          slugs.push(decodeURIComponent(newest));
        }
        const slug = pick(own);
        const changes = post(author);
        const edited = await stats.measure("POST /edit-post", 303, () => edit(visitor, slug, changes));
        if (edited?.location === "/dashboard") author.lastEdit = { slug, title: changes.title };
      }
    }

    // Half the readers are signed in, each with a session of its own for one of the writers' accounts.
    const anonymousPages = [...publicPages, ...machinePages, ...coverImages];
    const crowd: (() => Promise<void>)[] = authors.map((author) => () => writer(author));
    for (let n = 0; n < readers; n++) {
      const visitor =
        n % 2 === 0
          ? new Visitor(server.url)
          : await signedIn(server.url, (authors[n % writers] as Writer).email);
      const pages = n % 2 === 0 ? anonymousPages : [...publicPages, ...signedInPages];
      crowd.push(() => reader(visitor, pages));
    }
    deadline = Date.now() + seconds * 1000;
    await Promise.all(crowd.map((start) => start()));

    console.log(
      stats.summary(`load on ${dialect.name}, ${seconds} s, ${readers} readers + ${writers} writers`),
    );
    expect(stats.networkErrors, stats.samples.join("\n")).toBe(0);
    expect(stats.serverErrors, stats.samples.join("\n")).toBe(0);
    expect(stats.unexpected, stats.samples.join("\n")).toBe(0);

    // What the writers were told was saved is there: every post on its author's dashboard,
    // every last edit on its post's page (each write marked the cached pages stale at once).
    for (const author of authors) {
      expect(await ownSlugs(author.visitor)).toHaveLength(author.published);
      expect(author.lastEdit, `${author.email} saved no edit in ${seconds} s`).toBeDefined();
      const { slug, title } = author.lastEdit as { slug: string; title: string };
      const page = await (await new Visitor(server.url).get(`/blog/${encodeURIComponent(slug)}`)).text();
      expect(visibleText(page)).toContain(title);
    }
  });
});
