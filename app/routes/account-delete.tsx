import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, redirect, useRouteLoaderData } from "react-router";
import { requireUser, signOut } from "~/.server/accounts/auth.ts";
import { deleteUser, userSummary } from "~/.server/accounts/members.ts";
import { checkOwnPassword } from "~/.server/accounts/password-check.ts";
import { db } from "~/.server/db/index.ts";
import { readForm } from "~/.server/http/forms.ts";
import { requestContext } from "~/.server/http/request-context.ts";
import { deleteAccountSchema, postCount } from "~/accounts/account-schema.ts";
import { dirtyOrTouched, FormAlert, liveFormProps, TextField } from "~/components/forms.tsx";
import { AppLink } from "~/components/PageLink.tsx";
import { formTokenField } from "~/http/form-token-field.ts";
import { appPage } from "~/http/page-kinds.ts";
import { type RootData, rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/account-delete";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { posts: (await userSummary(db(), user.id))?.posts ?? 0 };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: deleteAccountSchema });
  const hidden = { hideFields: ["password"] };
  if (submission.status !== "success") return data({ result: submission.reply(hidden) }, { status: 400 });
  const { clientAddress } = context.get(requestContext);
  const guess = await checkOwnPassword(db(), user, clientAddress, submission.value.password);
  if (!guess.ok) {
    const refusal =
      guess.reason === "throttled"
        ? { formErrors: [guess.message] }
        : { fieldErrors: { password: ["Password is incorrect"] } };
    return data(
      { result: submission.reply({ ...hidden, ...refusal }) },
      { status: guess.reason === "throttled" ? 429 : 400 },
    );
  }
  const result = await deleteUser(db(), user, user.id);
  if (!result.ok)
    return data(
      { result: submission.reply({ ...hidden, formErrors: [result.message] }) },
      { status: result.status },
    );
  throw redirect(href("/"), { status: 303, headers: await signOut(request) });
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: "Delete your account",
      description: "Delete your Woollahra Moncur account and your posts.",
      path: href("/account/delete"),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function AccountDelete({ loaderData: { posts }, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>("root");
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult: actionData?.result,
    ...dirtyOrTouched,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchema }),
  });
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-semibold">Delete your account?</h1>
      <p className="mt-4 text-lg">
        Your account will be deleted for good, with {postCount(posts)} and their images. This cannot be
        undone.
      </p>
      <Form method="post" {...liveFormProps(form)} noValidate className="mt-6 space-y-2">
        <input type="hidden" name={formTokenField} value={root?.formToken ?? ""} />
        <TextField
          label="Your password"
          field={fields.password}
          type="password"
          autoComplete="current-password"
        />
        <div className="flex flex-wrap gap-4 pt-2">
          <button
            type="submit"
            className="rounded-md bg-brick px-6 py-2.5 font-semibold text-white hover:opacity-90"
          >
            Delete my account and {postCount(posts)}
          </button>
          <AppLink
            href={href("/account")}
            className="rounded-md border border-heritage-700 px-6 py-2.5 font-semibold text-heritage-700 hover:bg-heritage-50"
          >
            No, keep it
          </AppLink>
        </div>
        <FormAlert id={form.errorId} errors={form.errors} />
      </Form>
    </div>
  );
}
