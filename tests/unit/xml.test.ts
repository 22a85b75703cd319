import { describe, expect, it } from "vitest";
import { escapeXml } from "~/http/xml.ts";
import { parseXml, textOf } from "../support/xml.ts";

describe("escaping text for XML", () => {
  it.each([
    "a]]>b]]></title><link>https://evil.example/</link><title>c",
    "]]]]><![CDATA[>",
    "<![CDATA[ x ]]>",
    "&amp; &lt; & < > \" '",
    "line\r\nends\rand\ttabs\n",
    "🏢 \u202egpj.exe \u200b \udb40\udc41",
  ])("reads back exactly as written: %j", (text) => {
    expect(textOf(parseXml(`<t>${escapeXml(text)}</t>`))).toBe(text);
  });

  it.each([
    ["x\uffffy", "x\ufffdy"],
    ["x\ufffey", "x\ufffdy"],
    ["x\u0000y\u0001z\u001f", "x\ufffdy\ufffdz\ufffd"],
    ["x\ud800y", "x\ufffdy"],
    ["x\udc00y", "x\ufffdy"],
  ])("writes U+FFFD for a character XML cannot carry: %j", (text, read) => {
    expect(textOf(parseXml(`<t>${escapeXml(text)}</t>`))).toBe(read);
  });
});
