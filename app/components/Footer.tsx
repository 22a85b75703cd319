import { href } from "react-router";
import { addressLine } from "~/site/building.ts";
import { useBuilding } from "./BuildingContext.tsx";
import { ContactLinks } from "./ContactLinks.tsx";
import { PageLink } from "./PageLink.tsx";

const headingId = (group: string) => `contact-${group.toLowerCase().replace(/\s+/g, "-")}`;

export function Footer({ year }: { year: number }) {
  const building = useBuilding();
  return (
    <footer className="no-print mt-16 bg-heritage-900 text-sandstone-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        {building.contacts.map((contact) => (
          <section key={contact.group} aria-labelledby={headingId(contact.group)}>
            <h2 id={headingId(contact.group)} className="font-serif text-lg font-semibold text-white">
              {contact.group}
            </h2>
            <div className="text-sm">
              <ContactLinks contact={contact} className="underline-offset-4 hover:underline" />
            </div>
          </section>
        ))}
      </div>
      <div className="border-t border-heritage-700">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {building.nameLine} · {addressLine(building)}
          </p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {building.profiles.map((profile) => (
              <li key={profile.href}>
                <PageLink className="underline underline-offset-4 hover:text-white" href={profile.href}>
                  {profile.name}, {profile.role.toLowerCase()}
                  {profile.sample && " (sample profile)"}
                </PageLink>
              </li>
            ))}
            <li>
              <PageLink className="underline underline-offset-4 hover:text-white" href={href("/contact")}>
                Contact
              </PageLink>
            </li>
            <li>
              <PageLink className="underline underline-offset-4 hover:text-white" href={href("/privacy")}>
                Privacy
              </PageLink>
            </li>
            <li>
              <a className="underline underline-offset-4 hover:text-white" href={building.social.href}>
                {building.social.label}
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
