import { href, useLocation } from "react-router";
import { formTokenField } from "~/http/form-token-field.ts";
import { mainNav } from "~/site/nav.ts";
import { site } from "~/site/site.ts";
import { AppLink, PageLink } from "./PageLink.tsx";
import { SearchForm, SearchIcon } from "./SearchForm.tsx";
import { UserMenu } from "./UserMenu.tsx";

const linkClass = (isActive: boolean) =>
  `block rounded px-2 py-2 text-[0.95rem] font-medium whitespace-nowrap transition-colors 2xl:px-2.5 hover:bg-heritage-50 hover:text-heritage-900 ${
    isActive
      ? "text-heritage-900 underline decoration-sandstone-500 decoration-2 underline-offset-8"
      : "text-slate-ink"
  }`;

const buttonClass =
  "block rounded-md bg-heritage-700 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-heritage-900";

/** A menu link, marked as the current page when it is the one shown. */
function MenuLink({
  href,
  current,
  app = false,
  children,
}: {
  href: string;
  current: string;
  /** Whether it leads to one of the app's pages (see AppLink). */
  app?: boolean;
  children: string;
}) {
  const isCurrent = href === current;
  const Link = app ? AppLink : PageLink;
  return (
    <li>
      <Link href={href} className={linkClass(isCurrent)} aria-current={isCurrent ? "page" : undefined}>
        {children}
      </Link>
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

export interface AccountProps {
  email: string | null;
  owner: boolean;
  registrationOpen: boolean;
  formToken: string | null;
}

/**
 * The navbar's account area, the one personal part of the menu: for a signed-in reader of a
 * cached page it is rendered alone and put into the page (decision 025), so it needs no
 * router: plain forms and links.
 */
export function AccountLinks({
  email,
  owner,
  registrationOpen,
  formToken,
  current,
}: AccountProps & { current: string }) {
  if (!email) {
    return (
      <>
        <MenuLink href={href("/login")} current={current} app>
          Login
        </MenuLink>
        {registrationOpen && (
          <li>
            <AppLink href={href("/register")} className={buttonClass}>
              Register
            </AppLink>
          </li>
        )}
      </>
    );
  }
  return (
    <>
      <li>
        <AppLink href={href("/create-post")} className={buttonClass}>
          Create Post
        </AppLink>
      </li>
      <li>
        <form method="post" action={href("/create-batch")}>
          <input type="hidden" name={formTokenField} value={formToken ?? ""} />
          <button type="submit" className={buttonClass.replace("bg-heritage-700", "bg-sandstone-700")}>
            Create Batch 2023
          </button>
        </form>
      </li>
      <li>
        <UserMenu email={email} owner={owner} formToken={formToken} />
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
          href={href("/")}
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
            <PageLink
              href={href("/search")}
              aria-label="Search posts"
              className={linkClass(current === href("/search"))}
            >
              <SearchIcon />
            </PageLink>
          </li>
          <AccountLinks {...account} current={current} />
        </ul>
        {/* A disclosure element, so the phone menu opens with JavaScript off too (the menus
            script adds Escape and click-outside). Keyed by the page, so that after a
            client-side navigation in the app it is folded away again. */}
        <details key={current} data-menu="" className="relative xl:hidden">
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
