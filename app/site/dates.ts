import { site } from "./site.ts";

const sydneyParts = new Intl.DateTimeFormat("en-AU", {
  timeZone: site.timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

function partsInSydney(date: Date): Record<"day" | "month" | "year", string> {
  const parts = Object.fromEntries(sydneyParts.formatToParts(date).map((p) => [p.type, p.value]));
  return { day: parts.day ?? "", month: parts.month ?? "", year: parts.year ?? "" };
}

const hourMs = 3_600_000;
const datesByHour = new Map<number, string>();

/**
 * A date as dd-MM-yyyy on the calendar in Sydney. Sydney is a whole number of hours ahead of
 * UTC, so every instant of one UTC hour falls on the same Sydney day: each hour is worked
 * out once (pages list many posts, and Intl is slow).
 */
export function formatSydneyDate(date: Date): string {
  const hour = Math.floor(date.getTime() / hourMs);
  let formatted = datesByHour.get(hour);
  if (formatted === undefined) {
    const { day, month, year } = partsInSydney(date);
    formatted = `${day}-${month}-${year}`;
    if (datesByHour.size >= 10_000) datesByHour.clear();
    datesByHour.set(hour, formatted);
  }
  return formatted;
}

let yearThisMinute: { minute: number; year: number } | undefined;

/** The year in Sydney (it turns over there before it does in UTC); now's is worked out once a minute. */
export function sydneyYear(date?: Date): number {
  if (date) return Number(partsInSydney(date).year);
  const minute = Math.floor(Date.now() / 60_000);
  if (yearThisMinute?.minute !== minute) {
    yearThisMinute = { minute, year: Number(partsInSydney(new Date(minute * 60_000)).year) };
  }
  return yearThisMinute.year;
}

let dayThisMinute: { minute: number; day: string } | undefined;

/**
 * Today's date in Sydney, as 2026-12-01; worked out once a minute. Cached pages are made
 * again when it changes (server/reading-pages/page-cache.ts): what a page says of dates, such as a space
 * "available from" today, holds for the day it was made.
 */
export function sydneyDay(): string {
  const minute = Math.floor(Date.now() / 60_000);
  if (dayThisMinute?.minute !== minute) {
    const { day, month, year } = partsInSydney(new Date(minute * 60_000));
    dayThisMinute = { minute, day: `${year}-${month}-${day}` };
  }
  return dayThisMinute.day;
}
