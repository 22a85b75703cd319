import { SaxesParser } from "saxes";

/** An element of a parsed document: its name as written (with prefix), attributes and children. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: (XmlElement | string)[];
}

/**
 * Parses a whole document with saxes, a strict XML 1.0 parser (well-formedness, characters
 * XML forbids, namespaces): what a careful feed reader sees. Throws on the first problem.
 * Text and CDATA both come out as text, decoded, so the tree holds exactly what a reader reads.
 */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const errors: string[] = [];
  const root: XmlElement = { name: "#document", attributes: {}, children: [] };
  const open: XmlElement[] = [root];
  const current = () => open.at(-1) as XmlElement;
  const addText = (text: string) => {
    const children = current().children;
    if (typeof children.at(-1) === "string") children[children.length - 1] += text;
    else children.push(text);
  };
  parser.on("error", (error) => errors.push(error.message));
  parser.on("opentag", (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.name, a.value])),
      children: [],
    };
    current().children.push(element);
    open.push(element);
  });
  parser.on("closetag", () => {
    open.pop();
  });
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.write(xml).close();
  if (errors.length > 0) throw new Error(`not well-formed XML: ${errors.join("; ")}`);
  const elements = root.children.filter((child) => typeof child !== "string");
  if (elements.length !== 1) throw new Error(`expected one root element, found ${elements.length}`);
  return elements[0] as XmlElement;
}

/** The child elements, in order (whitespace between them dropped). */
export function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter((child): child is XmlElement => typeof child !== "string");
}

/** The element's text: its text and CDATA children joined (it must hold no elements). */
export function textOf(element: XmlElement): string {
  if (childElements(element).length > 0) throw new Error(`<${element.name}> holds elements, not only text`);
  return element.children.join("");
}
