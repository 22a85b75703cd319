import { type ShownDay as Day, defaultShownBuilding } from "./building.ts";

export interface HoursRow {
  days: string;
  hours: string;
}

/** "14:30" → "2:30pm". */
export function formatTime(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const suffix = h >= 12 ? "pm" : "am";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, "0")}` : ""}${suffix}`;
}

function sameHours(a: Day, b: Day): boolean {
  return a.opens === b.opens && a.closes === b.closes;
}

function dayRange(days: Day[]): string {
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  if (days.length === 1) return first;
  return days.length === 2 ? `${first} and ${last}` : `${first}–${last}`;
}

/** Trading hours with consecutive days of equal hours grouped: "Monday–Friday 2:30pm–6:30pm". */
export function tradingHoursRows(hours: readonly Day[] = defaultShownBuilding.hours): HoursRow[] {
  const groups: Day[][] = [];
  for (const day of hours) {
    const group = groups.at(-1);
    if (group?.[0] && sameHours(group[0], day)) group.push(day);
    else groups.push([day]);
  }
  return groups.map((days) => {
    const { opens, closes } = days[0] as Day;
    return {
      days: dayRange(days),
      hours: opens && closes ? `${formatTime(opens)}–${formatTime(closes)}` : "Closed",
    };
  });
}
