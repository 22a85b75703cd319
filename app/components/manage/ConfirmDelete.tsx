import type { ReactNode } from "react";
import { Form, useRouteLoaderData } from "react-router";
import { formTokenField } from "~/http/form-token-field.ts";
import type { RootData } from "~/http/root-data.ts";
import { AppLink } from "../PageLink.tsx";

/** A page that asks before something is deleted for good; the POST goes to the same address. */
export function ConfirmDelete({
  title,
  children,
  confirmLabel,
  back,
  error,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  back: string;
  error?: string;
}) {
  const root = useRouteLoaderData<RootData>("root");
  return (
    <div className="mt-8 max-w-xl">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <div className="mt-4 text-lg">{children}</div>
      {error && (
        <p role="alert" className="mt-4 rounded-md border border-brick bg-red-50 px-4 py-3 text-brick">
          {error}
        </p>
      )}
      <Form method="post" className="mt-8 flex flex-wrap gap-4">
        <input type="hidden" name={formTokenField} value={root?.formToken ?? ""} />
        <button
          type="submit"
          className="rounded-md bg-brick px-6 py-2.5 font-semibold text-white hover:opacity-90"
        >
          {confirmLabel}
        </button>
        <AppLink
          href={back}
          className="rounded-md border border-heritage-700 px-6 py-2.5 font-semibold text-heritage-700 hover:bg-heritage-50"
        >
          No, keep it
        </AppLink>
      </Form>
    </div>
  );
}
