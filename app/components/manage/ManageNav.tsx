import { href, useLocation } from "react-router";
import { manageNav } from "~/site/manage.ts";
import { AppLink } from "../PageLink.tsx";

/** The manage area's own navigation, from the list in site/manage.ts. */
export function ManageNav() {
  const current = useLocation().pathname.replace(/(.)\/$/, "$1");
  return (
    <nav aria-label="Manage" className="mt-6 border-b border-sandstone-300">
      <ul className="flex flex-wrap gap-1">
        {manageNav.map((item) => {
          const active =
            item.href === href("/manage") ? current === item.href : current.startsWith(item.href);
          return (
            <li key={item.href}>
              <AppLink
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={`block rounded-t-md px-3 py-2 font-medium ${
                  active ? "bg-heritage-700 text-white" : "text-heritage-900 hover:bg-heritage-50"
                }`}
              >
                {item.label}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
