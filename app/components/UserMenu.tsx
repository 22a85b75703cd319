import { useEffect, useId, useRef, useState } from "react";
import { href } from "react-router";
import { useHydrated } from "~/components/use-hydrated.ts";
import { LogOutForm } from "./LogOutForm.tsx";
import { AppLink } from "./PageLink.tsx";

const itemClass = "block w-full rounded px-3 py-2 text-left text-slate-ink hover:bg-heritage-50";
const buttonClass =
  "flex cursor-pointer list-none items-center gap-2 rounded-md border border-sandstone-500 bg-white px-3 py-2 text-sm font-medium text-heritage-900 hover:bg-heritage-50 [&::-webkit-details-marker]:hidden";
const listClass =
  "absolute right-0 z-30 mt-2 w-48 rounded-md border border-sandstone-300 bg-white p-1 shadow-lg";

function MenuItems({
  owner,
  formToken,
  onChoose,
}: {
  owner: boolean;
  formToken: string | null;
  onChoose?: () => void;
}) {
  return (
    <>
      <li>
        <AppLink href={href("/dashboard")} onClick={onChoose} className={itemClass}>
          Dashboard
        </AppLink>
      </li>
      <li>
        <AppLink href={href("/account")} onClick={onChoose} className={itemClass}>
          Account
        </AppLink>
      </li>
      {owner && (
        <li>
          <AppLink href={href("/manage")} onClick={onChoose} className={itemClass}>
            Manage site
          </AppLink>
        </li>
      )}
      <li>
        <LogOutForm label="Logout" className={itemClass} formToken={formToken} onSubmit={onChoose} />
      </li>
    </>
  );
}

function Label({ email }: { email: string }) {
  return (
    <>
      <span title={email} className="max-w-32 truncate 2xl:max-w-48">
        {email}
      </span>
      <span aria-hidden="true">▾</span>
    </>
  );
}

/**
 * The signed-in user's menu: Dashboard, Account, Manage site (owners) and Logout. Without
 * JavaScript it is a disclosure element, which on reading pages the menus script closes on
 * Escape (returning focus to it) and on a click outside; on the app's pages, a button that
 * does the same and also closes when an item is chosen.
 */
export function UserMenu({
  email,
  owner,
  formToken,
}: {
  email: string;
  owner: boolean;
  formToken: string | null;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  if (!hydrated) {
    return (
      <details data-menu="" className="relative">
        <summary className={buttonClass}>
          <Label email={email} />
        </summary>
        <ul className={listClass}>
          <MenuItems owner={owner} formToken={formToken} />
        </ul>
      </details>
    );
  }

  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className={buttonClass}
      >
        <Label email={email} />
      </button>
      <ul id={listId} hidden={!open} className={listClass}>
        <MenuItems owner={owner} formToken={formToken} onChoose={() => setOpen(false)} />
      </ul>
    </div>
  );
}
