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

/** The current year in Sydney (it turns over there before it does in UTC). */
export function sydneyYear(date: Date = new Date()): number {
  return Number(partsInSydney(date).year);
}
