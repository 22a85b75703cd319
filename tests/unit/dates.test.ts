import { describe, expect, it } from "vitest";
import { formatSydneyDate, sydneyYear } from "~/lib/dates.ts";

describe("dates in Sydney", () => {
  it("formats as dd-MM-yyyy", () => {
    expect(formatSydneyDate(new Date("2023-07-04T02:00:00Z"))).toBe("04-07-2023");
  });

  it("uses the Sydney calendar day: 23:30 UTC is already the next day there", () => {
    expect(formatSydneyDate(new Date("2026-03-01T23:30:00Z"))).toBe("02-03-2026");
    expect(formatSydneyDate(new Date("2026-07-15T23:30:00Z"))).toBe("16-07-2026");
  });

  it("turns the year over at Sydney midnight", () => {
    expect(sydneyYear(new Date("2026-12-31T13:30:00Z"))).toBe(2027);
    expect(sydneyYear(new Date("2026-12-31T12:30:00Z"))).toBe(2026);
  });
});
