import { useEffect, useId, useRef, useState } from "react";
import { Form, Link } from "react-router";

/**
 * The signed-in user's menu. A disclosure element, so it opens with JavaScript off; with
 * JavaScript it also closes on Escape, on a click outside and when an item is chosen.
 */
export function UserMenu({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  const button = useRef<HTMLElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
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

  const choose = () => setOpen(false);

  return (
    <details
      ref={menu}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="relative"
    >
      <summary
        ref={button}
        aria-expanded={open}
        aria-controls={listId}
        className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-sandstone-500 bg-white px-3 py-2 text-sm font-medium text-heritage-900 hover:bg-heritage-50 [&::-webkit-details-marker]:hidden"
      >
        <span className="max-w-48 truncate">{email}</span>
        <span aria-hidden="true">▾</span>
      </summary>
      <ul
        id={listId}
        className="absolute right-0 z-30 mt-2 w-48 rounded-md border border-sandstone-300 bg-white p-1 shadow-lg"
      >
        <li>
          <Link
            to="/dashboard"
            onClick={choose}
            className="block rounded px-3 py-2 text-slate-ink hover:bg-heritage-50"
          >
            Dashboard
          </Link>
        </li>
        <li>
          <Form method="post" action="/logout" onSubmit={choose}>
            <button
              type="submit"
              className="block w-full rounded px-3 py-2 text-left text-slate-ink hover:bg-heritage-50"
            >
              Logout
            </button>
          </Form>
        </li>
      </ul>
    </details>
  );
}
