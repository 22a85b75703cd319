import { z } from "~/http/zod.ts";
import { site } from "~/site/site.ts";

/** A message as its cause writes it; `enqueue` makes it safe to send. */
export interface Message {
  kind: string;
  to: string;
  /** Where replies go; dropped unless it is one plain, header-safe address. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Lower goes first (`priorities`); account mail when not given. */
  priority?: number;
  /** Extra headers the site writes itself (List-Unsubscribe), never anyone's input. */
  headers?: Record<string, string>;
  /** The mailing and the subscriber a post's message is for (subscriptions.ts). */
  mailingId?: string;
  subscriberId?: string;
  /** Not before this moment: how a mailing keeps its pace. */
  nextAttemptAt?: number;
}

/**
 * What the sender takes first: a reset or verification never waits behind a mailing to
 * thousands of subscribers; a subscriber's confirmation link comes before the posts.
 */
export const priorities = { account: 0, confirmation: 1, bulk: 2 } as const;

const plainAddress = z.email().max(254);

/** The address when it is one plain address that cannot carry a header or a second recipient, else undefined. */
export function headerSafeAddress(address: string | undefined): string | undefined {
  if (address === undefined || /[\s<>,;:"()\\[\]]/.test(address)) return undefined;
  return plainAddress.safeParse(address).success ? address : undefined;
}

/**
 * A subject line that cannot start another header or confuse a mail reader: line breaks and
 * other control characters become spaces, runs of spaces one, at most 200 characters.
 */
export function headerSafeText(text: string, max = 200): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, max)
  );
}

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] as string);

/**
 * A part of a message: a paragraph of text, a heading, a labelled block of someone's words,
 * fields, a link, or one of the site's own images (a post's cover, with its description).
 */
export type Part =
  | { paragraph: string }
  | { heading: string }
  | { image: string; alt: string; width: number; height: number }
  | { quoted: string; label: string }
  | { fields: [label: string, value: string][] }
  | { link: string; label: string };

/**
 * The text and HTML of a message from its parts. Everything is text: what anyone typed is
 * escaped in the HTML and never becomes a link (only the site's own `link` parts are links).
 * No tracking: the HTML says what the text says, with the site's name; the only images are
 * the site's own covers, described by their alt text, so it reads as well with images off.
 */
export function compose(parts: Part[]): { text: string; html: string } {
  const text: string[] = [];
  const html: string[] = [];
  for (const part of parts) {
    if ("paragraph" in part) {
      text.push(part.paragraph);
      html.push(`<p>${escapeHtml(part.paragraph)}</p>`);
    } else if ("heading" in part) {
      text.push(part.heading.toUpperCase());
      html.push(`<h2 style="font-size:1.3em;margin:1.2em 0 .4em">${escapeHtml(part.heading)}</h2>`);
    } else if ("image" in part) {
      html.push(
        `<p><img src="${escapeHtml(part.image)}" alt="${escapeHtml(part.alt)}" width="${part.width}" height="${part.height}" style="max-width:100%;height:auto;display:block"></p>`,
      );
    } else if ("quoted" in part) {
      text.push(`${part.label}:\n${part.quoted}`);
      html.push(
        `<p>${escapeHtml(part.label)}:</p><blockquote style="white-space:pre-wrap;margin:0 0 1em;padding-left:1em;border-left:3px solid #ccc">${escapeHtml(part.quoted)}</blockquote>`,
      );
    } else if ("fields" in part) {
      // One line each: a value cannot pose as another field below it.
      const fields = part.fields.map(
        ([label, value]) => [label, headerSafeText(value, value.length)] as const,
      );
      text.push(fields.map(([label, value]) => `${label}: ${value}`).join("\n"));
      html.push(
        `<table>${fields.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`,
      );
    } else {
      text.push(`${part.label}:\n${part.link}`);
      html.push(`<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a></p>`);
    }
  }
  text.push(`-- \n${site.name}, ${site.tagline}`);
  html.push(`<hr><p style="color:#555">${escapeHtml(site.name)}, ${escapeHtml(site.tagline)}</p>`);
  return {
    text: `${text.join("\n\n")}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${html.join("")}</body></html>`,
  };
}

/** The links in a message's text (what the development log prints). */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/\S+/g)].map(([link]) => link);
}
