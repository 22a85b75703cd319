import { href } from "react-router";
import type { ShownContact } from "~/site/building.ts";
import { PageLink } from "./PageLink.tsx";

/**
 * A contact's email and phone number as links a phone or mail program can open; what is not
 * set (or still an example) is left out, and a group with neither points to the contact page.
 */
export function ContactLinks({ contact, className }: { contact: ShownContact; className: string }) {
  return (
    <ul className="mt-1 list-none space-y-1 p-0">
      {contact.email && (
        <li>
          <a className={className} href={`mailto:${contact.email}`}>
            {contact.email}
          </a>
        </li>
      )}
      {contact.phone && (
        <li>
          <a className={className} href={`tel:${contact.phone.replace(/[^+\d]/g, "")}`}>
            {contact.phone}
          </a>
        </li>
      )}
      {!contact.email && !contact.phone && (
        <li>
          <PageLink className={className} href={href("/contact")}>
            Send us a message
          </PageLink>
        </li>
      )}
    </ul>
  );
}
