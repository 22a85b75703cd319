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
}

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

/** A part of a message: a paragraph of text, a labelled block of someone's words, or a link. */
export type Part =
  | { paragraph: string }
  | { quoted: string; label: string }
  | { fields: [label: string, value: string][] }
  | { link: string; label: string };

/**
 * The text and HTML of a message from its parts. Everything is text: what anyone typed is
 * escaped in the HTML and never becomes a link (only the site's own `link` parts are links).
 * No images, no tracking: the HTML says what the text says, with the site's name.
 */
export function compose(parts: Part[]): { text: string; html: string } {
  const text: string[] = [];
  const html: string[] = [];
  for (const part of parts) {
    if ("paragraph" in part) {
      text.push(part.paragraph);
      html.push(`<p>${escapeHtml(part.paragraph)}</p>`);
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
