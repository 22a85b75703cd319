import { Link, NavLink } from "react-router";
import { mainNav } from "~/lib/nav.ts";
import { site } from "~/lib/site.ts";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 text-[0.95rem] font-medium transition-colors hover:bg-heritage-50 hover:text-heritage-900 ${
    isActive
      ? "text-heritage-900 underline decoration-sandstone-500 decoration-2 underline-offset-8"
      : "text-slate-ink"
  }`;

function NavLinks() {
  return (
    <>
      {mainNav.map((item) => (
        <li key={item.href}>
          <NavLink to={item.href} end className={linkClass} prefetch="intent">
            {item.label}
          </NavLink>
        </li>
      ))}
    </>
  );
}

function AccountLinks() {
  return (
    <>
      <li>
        <NavLink to="/login" className={linkClass}>
          Login
        </NavLink>
      </li>
      <li>
        <Link
          to="/register"
          className="block rounded bg-heritage-700 px-4 py-2 text-[0.95rem] font-semibold text-white hover:bg-heritage-900"
        >
          Register
        </Link>
      </li>
    </>
  );
}

export function Navbar() {
  return (
    <header className="no-print border-b border-sandstone-300 bg-paper/95">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="font-serif text-xl font-semibold tracking-tight text-heritage-900">
          {site.name}
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">
          <NavLinks />
          <AccountLinks />
        </ul>
        {/* A disclosure element, so the phone menu opens with JavaScript off too. */}
        <details className="group relative lg:hidden">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded border border-heritage-700 px-3 py-2 font-medium text-heritage-900 [&::-webkit-details-marker]:hidden">
            <span aria-hidden="true" className="text-lg leading-none">
              ☰
            </span>
            Menu
          </summary>
          <ul className="absolute right-0 z-20 mt-2 w-56 rounded-md border border-sandstone-300 bg-white p-2 shadow-lg">
            <NavLinks />
            <AccountLinks />
          </ul>
        </details>
      </nav>
    </header>
  );
}
