import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const pagesDir = path.join(import.meta.dirname, "../../app/content/pages");
const pages = readdirSync(pagesDir)
  .filter((file) => file.endsWith(".mdx"))
  .map((file) => ({ file, text: readFileSync(path.join(pagesDir, file), "utf8").replace(/\s+/g, " ") }));

/**
 * Wordings the fact sheet does not support as written (issue 20): each was stated as fact on a
 * content page, and must stay hedged, attributed or gone.
 */
const unsupported = [
  "in the village centre near Queen Street",
  "Woollahra's Catholic parish church",
  "the former Congregational church on Moncur Street",
  "Bonhams has occupied",
  "near the corner of Queen and Ocean Streets",
  "shows contemporary art",
  "For contemporary art",
  "Edgecliff station, on the T4 line",
  "both on the T4 Eastern Suburbs line",
  "Today the line is part of the T4 service",
  "Buses run along Oxford Street",
  "Angelo Moriondo",
  "Every fact on these pages comes from a checked source",
  // Issue 29: claims about our building, its neighbours and what visitors will find.
  "best-known corners",
  "fine-grained scale",
  "through the building during trading hours",
  "The way in, from Moncur Street",
  "including the Woollahra Hotel and Bistro Moncur",
  "by appointment during trading hours",
  "part of the room's character",
  "an easy choice for lunch",
  "Bistro Moncur, credited with",
  "gallery for contemporary art",
  "long been a place to buy art",
  "long drawn collectors",
  "Turin and Milan",
  "credit Italian migrants",
  "since 1979",
  "For more than 80 years after that",
];

/** Wordings are matched whatever their case: a claim may open a sentence or a description. */
const lowered = (text: string) => text.toLowerCase();

describe("the content pages", () => {
  it.each(unsupported)("do not state as fact: %s", (wording) => {
    const stating = pages
      .filter(({ text }) => lowered(text).includes(lowered(wording)))
      .map(({ file }) => file);
    expect(stating).toEqual([]);
  });

  it("promise no answer time after an enquiry", () => {
    const sent = readFileSync(path.join(import.meta.dirname, "../../app/routes/contact-sent.tsx"), "utf8");
    expect(lowered(sent)).not.toContain("working days");
  });

  it("say on the about page how the history is sourced, and that uncertain points are marked", () => {
    const about = pages.find(({ file }) => file === "about.mdx")?.text ?? "";
    expect(about).toContain("We state as fact only what a published source says");
    expect(about).toContain("carries the year of its source");
  });
});
