import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { requireUser, signOut } from "~/.server/accounts/auth.ts";
import { memberOf, saveProfile, signOutEverywhere, userSummary } from "~/.server/accounts/members.ts";
import { changeOwnPassword } from "~/.server/accounts/password-change.ts";
import { refusingCommonPasswords } from "~/.server/accounts/passwords.ts";
import { db } from "~/.server/db/index.ts";
import { readForm } from "~/.server/http/forms.ts";
import { requestContext } from "~/.server/http/request-context.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { subscribeAccount, subscriptionOf, unsubscribeAccount } from "~/.server/subscriptions/subscribers.ts";
import { handleMessages, passwordChangeSchema, postCount, profileSchema } from "~/accounts/account-schema.ts";
import {
  PasswordForm,
  ProfileForm,
  SignOutEverywhereForm,
  SubscriptionForm,
} from "~/components/AccountForms.tsx";
import { AccountSection } from "~/components/AccountSection.tsx";
import { AppLink, PageLink } from "~/components/PageLink.tsx";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { formatSydneyDate } from "~/site/dates.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/account";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const [member, summary, subscription] = await Promise.all([
    memberOf(db(), user.id),
    userSummary(db(), user.id),
    subscriptionOf(db(), user.email),
  ]);
  return {
    subscription: subscription ?? null,
    email: user.email,
    twoStep: user.twoStep,
    profile: { displayName: member.displayName, handle: member.handle, bio: member.bio },
    /** In review mode: what the author proposed, shown in the form, and since when it waits. */
    pending: member.pending && { ...member.pending, since: formatSydneyDate(member.pendingSince as Date) },
    posts: summary?.posts ?? 0,
  };
}

const passwordSchema = refusingCommonPasswords(passwordChangeSchema);

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "profile") {
    const submission = parseWithZod(form, { schema: profileSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const { displayName, handle, bio } = submission.value;
    const saved = await saveProfile(db(), user.id, { displayName, handle, bio });
    if (!saved.ok) {
      return saved.reason === "handle taken"
        ? data(
            { intent, result: submission.reply({ fieldErrors: { handle: [handleMessages.taken] } }) },
            { status: 409 },
          )
        : data({ intent, result: submission.reply({ formErrors: [saved.message] }) }, { status: 429 });
    }
    return redirectWithToast(
      href("/account"),
      saved.waiting
        ? "Saved: your profile changes show once an owner approves them"
        : "Data saved successfully",
    );
  }
  if (intent === "password") {
    const submission = await parseWithZod(form, { schema: passwordSchema, async: true });
    const hidden = { hideFields: ["currentPassword", "password"] };
    if (submission.status !== "success")
      return data({ intent, result: submission.reply(hidden) }, { status: 400 });
    const { currentPassword, password } = submission.value;
    const { clientAddress } = context.get(requestContext);
    const result = await changeOwnPassword(db(), request, user, clientAddress, currentPassword, password);
    if (!result.ok) {
      const refusal =
        result.reason === "throttled"
          ? { formErrors: [result.message] }
          : { fieldErrors: { currentPassword: ["Current password is incorrect"] } };
      return data(
        { intent, result: submission.reply({ ...hidden, ...refusal }) },
        { status: result.reason === "throttled" ? 429 : 400 },
      );
    }
    return redirectWithToast(href("/account"), "Password changed; every other session was signed out");
  }
  if (intent === "subscribe") {
    await subscribeAccount(db(), user.email);
    return redirectWithToast(href("/account"), "Subscribed: new posts will come to your inbox");
  }
  if (intent === "unsubscribe") {
    await unsubscribeAccount(db(), user.email);
    return redirectWithToast(href("/account"), "Unsubscribed: no more posts will be sent");
  }
  if (intent === "sign-out-everywhere") {
    const headers = await signOut(request);
    await signOutEverywhere(db(), user.id);
    throw redirect(href("/login"), { status: 303, headers });
  }
  throw data("The form could not be read. Please try again.", { status: 400 });
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: "Your account",
      description: "Your Woollahra Moncur account: profile, password, sessions and your data.",
      path: href("/account"),
    }),
    { name: "robots", content: "noindex" },
  ];
}

const linkClass = "font-semibold text-heritage-700 underline underline-offset-4";

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { email, twoStep, profile, pending, posts, subscription } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-4xl font-semibold">Your account</h1>
      <p className="mt-3 text-lg break-words">
        Signed in as {email}.{" "}
        <AppLink href={href("/account/email")} className={linkClass}>
          Change e-mail address
        </AppLink>
      </p>
      <AccountSection title="Profile">
        {pending && (
          <p role="status" className="mb-4 rounded-md border border-sandstone-500 bg-sandstone-100 px-4 py-3">
            The changes below have waited for an owner's approval since {pending.since}. Until then your posts
            and author page show your profile as it was.
          </p>
        )}
        <ProfileForm
          profile={pending ?? profile}
          lastResult={actionData?.intent === "profile" ? actionData.result : undefined}
        />
        {profile.handle && (
          <p className="mt-4">
            Your author page:{" "}
            <PageLink href={href("/authors/:handle", { handle: profile.handle })} className={linkClass}>
              /authors/{profile.handle}
            </PageLink>
          </p>
        )}
      </AccountSection>
      <AccountSection title="Password">
        <PasswordForm lastResult={actionData?.intent === "password" ? actionData.result : undefined} />
      </AccountSection>
      <AccountSection title="Two-step sign-in">
        <p>
          {twoStep
            ? "On: logging in asks for a code from your authenticator app after your password. "
            : "Off: your password alone signs you in. "}
          <AppLink href={href("/account/two-step")} className={linkClass}>
            {twoStep ? "Recovery codes, or turn it off" : "Turn on two-step sign-in"}
          </AppLink>
        </p>
      </AccountSection>
      <AccountSection title="Posts by e-mail">
        <SubscriptionForm subscription={subscription} />
      </AccountSection>
      <AccountSection title="Sessions">
        <p className="mb-4">Signed in on a computer you no longer use? End every session, this one too.</p>
        <SignOutEverywhereForm />
      </AccountSection>
      <AccountSection title="Your data">
        <p>
          <a href={href("/account/data")} download className={linkClass}>
            Download my data
          </a>{" "}
          (a JSON file of your account and your {postCount(posts)}, with their image addresses).
        </p>
      </AccountSection>
      <AccountSection title="Delete account">
        <p>
          Your account goes for good with {postCount(posts)} and their images.{" "}
          <AppLink
            href={href("/account/delete")}
            className="font-semibold text-brick underline underline-offset-4"
          >
            Delete my account
          </AppLink>
        </p>
      </AccountSection>
    </div>
  );
}
