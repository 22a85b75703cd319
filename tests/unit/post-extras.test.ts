import { afterEach, describe, expect, it, vi } from "vitest";
import { postSchema } from "~/posts/post-schema.ts";
import { isTag, splitTags, tagListProblem } from "~/posts/tags.ts";
import { formatSydneyDateTime, instantOfSydneyWallTime, sydneyWallTime } from "~/site/sydney-time.ts";

const valid = { title: "A title", content: "Some words.", coverImageId: "abc123" };
const errorsOf = (input: Record<string, unknown>) => {
  const result = postSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("Sydney wall times", () => {
  it.each([
    // Winter (AEST, +10) and summer (AEDT, +11).
    ["2026-07-01T09:30", "2026-06-30T23:30:00.000Z"],
    ["2026-12-01T09:30", "2026-11-30T22:30:00.000Z"],
    // Daylight saving starts 4 October 2026 at 2:00 (clocks go to 3:00): 1:59 then 3:00.
    ["2026-10-04T01:59", "2026-10-03T15:59:00.000Z"],
    ["2026-10-04T03:00", "2026-10-03T16:00:00.000Z"],
    // It ends 5 April 2026 at 3:00 (clocks go back to 2:00): 2:30 comes twice; the first is meant.
    ["2026-04-05T02:30", "2026-04-04T15:30:00.000Z"],
    ["2026-04-05T03:30", "2026-04-04T17:30:00.000Z"],
  ])("%s in Sydney is %s", (wall, iso) => {
    expect(instantOfSydneyWallTime(wall)?.toISOString()).toBe(iso);
    expect(sydneyWallTime(new Date(iso))).toBe(wall);
  });

  it.each(["2026-10-04T02:30", "2026-02-30T10:00", "2026-13-01T10:00", "2026-12-01 09:30", ""])(
    "%o is no time in Sydney",
    (wall) => {
      expect(instantOfSydneyWallTime(wall)).toBeUndefined();
    },
  );

  it("reads an instant out for people", () => {
    expect(formatSydneyDateTime(new Date("2026-11-30T22:30:00Z"))).toBe("01-12-2026 9:30 am");
    expect(formatSydneyDateTime(new Date("2026-06-30T14:05:00Z"))).toBe("01-07-2026 12:05 am");
    expect(formatSydneyDateTime(new Date("2026-07-01T04:00:00Z"))).toBe("01-07-2026 2:00 pm");
  });
});

describe("tags", () => {
  it("are trimmed, lower-cased, spaced once, composed, without empties or duplicates", () => {
    expect(splitTags(" Remote  Work, remote work ,,SEO, Cafe\u0301 ")).toEqual([
      "remote work",
      "seo",
      "café",
    ]);
  });

  it.each([
    [["a", "b", "c", "d", "e", "f"], "A post may have at most 5 tags"],
    [["x".repeat(31)], "Each tag must not exceed 30 characters"],
    [["c++"], "Tags may use only letters, digits, spaces and hyphens"],
    [["<script>"], "Tags may use only letters, digits, spaces and hyphens"],
    [["- -"], "Tags may use only letters, digits, spaces and hyphens"],
  ])("%o: %s", (tags, message) => {
    expect(tagListProblem(tags)).toBe(message);
  });

  it("accepts five tags of 30 characters, digits, hyphens and other scripts", () => {
    expect(tagListProblem(["x".repeat(30), "2024", "follow-up", "wohnzimmer", "東京"])).toBeUndefined();
  });

  it("have pages only under their stored spelling", () => {
    expect(isTag("remote work")).toBe(true);
    expect(isTag("Remote work")).toBe(false);
    expect(isTag(" remote")).toBe(false);
    expect(isTag("")).toBe(false);
  });
});

describe("the editor's drafts, tags, description and Publish at", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads the button pressed, the tags and the description", () => {
    expect(
      postSchema.parse({
        ...valid,
        intent: "draft",
        tags: "Autumn, autumn, Street Life",
        coverAlt: "  A  tree ",
      }),
    ).toMatchObject({
      intent: "draft",
      tags: ["autumn", "street life"],
      coverAlt: "A tree",
      publishAt: null,
    });
  });

  it.each([
    [{ tags: "a,b,c,d,e,f" }, "A post may have at most 5 tags"],
    [{ coverAlt: "x".repeat(201) }, "The description must not exceed 200 characters"],
    [{ publishAt: "tomorrow" }, "Enter the date and time as dd/mm/yyyy and hh:mm"],
    [
      { publishAt: "2026-10-04T02:30" },
      "That date and time does not exist in Sydney (clocks skip it); choose another",
    ],
    [{ publishAt: "2026-11-25T10:00" }, "Publish at must be in the future"],
    [{ publishAt: "2029-01-01T10:00" }, "Publish at must be within the next two years"],
    [{ intent: "delete" }, 'Invalid option: expected one of "publish"|"draft"'],
  ])("%o → %s", (change, message) => {
    vi.useFakeTimers({ now: new Date("2026-11-25T00:00:00Z"), toFake: ["Date"] });
    expect(errorsOf({ ...valid, ...change })).toEqual([message]);
  });

  it("takes a future Publish at as its moment in Sydney", () => {
    vi.useFakeTimers({ now: new Date("2026-09-01T00:00:00Z"), toFake: ["Date"] });
    expect(postSchema.parse({ ...valid, publishAt: "2026-10-04T03:00" }).publishAt?.toISOString()).toBe(
      "2026-10-03T16:00:00.000Z",
    );
  });
});
