import type { ReactNode } from "react";
import { site } from "~/site/site.ts";
import { PageLink } from "./PageLink.tsx";

interface ErrorPageProps {
  title: string;
  children: ReactNode;
  /** Where to go from here. */
  next?: { href: string; label: string };
}

/**
 * The page shown in place of one that cannot be: not found, refused, or failed. It sets the
 * document's only title, so a route with its own error boundary returns no `meta` when there
 * is an error (its loader data may then be stale, a previous page's).
 */
export function ErrorPage({ title, children, next }: ErrorPageProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <title>{`${title} | ${site.name}`}</title>
      <h1 className="text-4xl font-semibold">{title}</h1>
      <div className="mt-6 text-lg">{children}</div>
      {next && (
        <p className="mt-6">
          <PageLink href={next.href} className="font-semibold text-heritage-700 underline underline-offset-4">
            {next.label}
          </PageLink>
        </p>
      )}
    </div>
  );
}
