import { Form, useLocation } from "react-router";
import { mainNav } from "~/lib/nav.ts";
import { site } from "~/lib/site.ts";
import { PageLink } from "./PageLink.tsx";
import { SearchForm, SearchIcon } from "./SearchForm.tsx";
import { UserMenu } from "./UserMenu.tsx";

const linkClass = (isActive: boolean) =>
  `block rounded px-2.5 py-2 text-[0.95rem] font-medium transition-colors hover:bg-heritage-50 hover:text-heritage-900 ${
    isActive
      ? "text-heritage-900 underline decoration-sandstone-500 decoration-2 underline-offset-8"
      : "text-slate-ink"
  }`;

const buttonClass =
  "block rounded-md bg-heritage-700 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-heritage-900";

/** A menu link, marked as the current page when it is the one shown. */
function MenuLink({ href, current, children }: { href: string; current: string; children: string }) {
  const isCurrent = href === current;
  return (
    <li>
      <PageLink href={href} className={linkClass(isCurrent)} aria-current={isCurrent ? "page" : undefined}>
        {children}
      </PageLink>
    </li>
  );
}

function NavLinks({ current }: { current: string }) {
  return mainNav.map((item) => (
    <MenuLink key={item.href} href={item.href} current={current}>
      {item.label}
    </MenuLink>
  ));
}

interface AccountProps {
  email: string | null;
  owner: boolean;
  registrationOpen: boolean;
}

function AccountLinks({ email, owner, registrationOpen, current }: AccountProps & { current: string }) {
  if (!email) {
    return (
      <>
        <MenuLink href="/login" current={current}>
          Login
        </MenuLink>
        {registrationOpen && (
          <li>
            <PageLink href="/register" className={buttonClass}>
              Register
            </PageLink>
          </li>
        )}
      </>
    );
  }
  return (
    <>
      <li>
        <PageLink href="/create-post" className={buttonClass}>
          Create Post
        </PageLink>
      </li>
      <li>
        <Form method="post" action="/create-batch">
          <button type="submit" className={buttonClass.replace("bg-heritage-700", "bg-sandstone-700")}>
            Create Batch 2023
          </button>
        </Form>
      </li>
      <li>
        <UserMenu email={email} owner={owner} />
      </li>
    </>
  );
}

export function Navbar(account: AccountProps) {
  // `/woollahra/` is the same page as `/woollahra`.
  const current = useLocation().pathname.replace(/(.)\/$/, "$1");
  return (
    <div className="border-b border-sandstone-300 bg-paper">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <PageLink
          href="/"
          className="font-serif text-xl font-semibold tracking-tight whitespace-nowrap text-heritage-900"
        >
          {site.name}
        </PageLink>
        <ul data-nav="desktop" className="hidden items-center gap-0.5 xl:flex">
          <NavLinks current={current} />
          {/* The field where the bar has room for it (signed in, it carries the account buttons
              too); below that width, a link to the search page. */}
          <li className="hidden px-1 2xl:block">
            <SearchForm compact />
          </li>
          <li className="2xl:hidden">
            <PageLink href="/search" aria-label="Search posts" className={linkClass(current === "/search")}>
              <SearchIcon />
            </PageLink>
          </li>
          <AccountLinks {...account} current={current} />
        </ul>
        {/* A disclosure element, so the phone menu opens with JavaScript off too. Keyed by the
            page, so that after a client-side navigation it is folded away again. */}
        <details key={current} className="relative xl:hidden">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded border border-heritage-700 px-3 py-2 font-medium text-heritage-900 [&::-webkit-details-marker]:hidden">
            <span aria-hidden="true" className="text-lg leading-none">
              ☰
            </span>
            Menu
          </summary>
          <ul
            data-nav="phone"
            className="absolute right-0 z-20 mt-2 flex w-64 flex-col gap-1 rounded-md border border-sandstone-300 bg-white p-2 shadow-lg"
          >
            <li className="p-1">
              <SearchForm compact />
            </li>
            <NavLinks current={current} />
            <AccountLinks {...account} current={current} />
          </ul>
        </details>
      </nav>
    </div>
  );
}
