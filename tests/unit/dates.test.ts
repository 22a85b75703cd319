import { describe, expect, it } from "vitest";
import { formatSydneyDate, sydneyYear } from "~/site/dates.ts";

describe("dates in Sydney", () => {
  it("formats as dd-MM-yyyy", () => {
    expect(formatSydneyDate(new Date("2023-07-04T02:00:00Z"))).toBe("04-07-2023");
  });

  it("uses the Sydney calendar day: 23:30 UTC is already the next day there", () => {
    expect(formatSydneyDate(new Date("2026-03-01T23:30:00Z"))).toBe("02-03-2026");
    expect(formatSydneyDate(new Date("2026-07-15T23:30:00Z"))).toBe("16-07-2026");
  });

  it("gets every minute right across Sydney's midnights and daylight-saving changes", () => {
    const reference = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Australia/Sydney",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    const wrong: string[] = [];
    for (const start of ["2026-04-03T00:00:00Z", "2026-10-02T00:00:00Z"]) {
      for (let t = Date.parse(start); t < Date.parse(start) + 4 * 86_400_000; t += 7 * 60_000) {
        const expected = reference.format(new Date(t)).replaceAll("/", "-");
        if (formatSydneyDate(new Date(t)) !== expected) wrong.push(new Date(t).toISOString());
      }
    }
    expect(wrong).toEqual([]);
  });

  it("turns the year over at Sydney midnight", () => {
    expect(sydneyYear(new Date("2026-12-31T13:30:00Z"))).toBe(2027);
    expect(sydneyYear(new Date("2026-12-31T12:30:00Z"))).toBe(2026);
  });
});
