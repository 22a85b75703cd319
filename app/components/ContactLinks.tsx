import type { site } from "~/site/site.ts";

type Contact = (typeof site.contacts)[number];

/** A contact's email and phone number as links a phone or mail program can open. */
export function ContactLinks({ contact, className }: { contact: Contact; className: string }) {
  return (
    <ul className="mt-1 list-none space-y-1 p-0">
      <li>
        <a className={className} href={`mailto:${contact.email}`}>
          {contact.email}
        </a>
      </li>
      <li>
        <a className={className} href={`tel:${contact.phone.replaceAll(" ", "")}`}>
          {contact.phone}
        </a>
      </li>
    </ul>
  );
}
