import { site } from "./site.ts";

const wallClock = new Intl.DateTimeFormat("en-AU", {
  timeZone: site.timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const hourMs = 3_600_000;

/** An instant as Sydney's wall clock shows it, in the form a datetime-local field uses: 2026-12-01T09:30. */
export function sydneyWallTime(instant: Date): string {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

export const wallTimePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant Sydney's clocks show a wall time: undefined when they never show it (the hour
 * skipped when daylight saving starts, or no such date). When clocks go back an hour repeats;
 * the first of the two is meant.
 */
export function instantOfSydneyWallTime(wallTime: string): Date | undefined {
  const match = wallTimePattern.exec(wallTime);
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const asUtc = Date.UTC(year as number, (month as number) - 1, day as number, hour, minute);
  // Sydney is 10 hours ahead of UTC in winter and 11 in summer: try the larger offset first.
  for (const offsetHours of [11, 10]) {
    const instant = new Date(asUtc - offsetHours * hourMs);
    if (sydneyWallTime(instant) === wallTime) return instant;
  }
  return undefined;
}

/** An instant for people in Sydney: 01-12-2026 9:30 am. */
export function formatSydneyDateTime(instant: Date): string {
  const [date, time] = sydneyWallTime(instant).split("T") as [string, string];
  const [year, month, day] = date.split("-");
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const suffix = hour < 12 ? "am" : "pm";
  return `${day}-${month}-${year} ${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, "0")} ${suffix}`;
}
