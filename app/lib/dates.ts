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

/** A date as dd-MM-yyyy on the calendar in Sydney. */
export function formatSydneyDate(date: Date): string {
  const { day, month, year } = partsInSydney(date);
  return `${day}-${month}-${year}`;
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
