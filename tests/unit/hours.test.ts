import { describe, expect, it } from "vitest";
import { formatTime, tradingHoursRows } from "~/site/hours.ts";

describe("trading hours", () => {
  it("groups the week as the spec states it", () => {
    expect(tradingHoursRows()).toEqual([
      { days: "Monday–Friday", hours: "2:30pm–6:30pm" },
      { days: "Saturday and Sunday", hours: "Closed" },
    ]);
  });

  it("formats times in 12-hour style", () => {
    expect(formatTime("09:00")).toBe("9am");
    expect(formatTime("12:15")).toBe("12:15pm");
    expect(formatTime("00:30")).toBe("12:30am");
  });
});
