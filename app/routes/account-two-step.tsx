import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { requireUser } from "~/.server/accounts/auth.ts";
import { qrDrawing } from "~/.server/accounts/qr-code.ts";
import {
  beginTwoStep,
  confirmTwoStep,
  renewRecoveryCodes,
  turnOffTwoStep,
  twoStepState,
} from "~/.server/accounts/two-step.ts";
import { db } from "~/.server/db/index.ts";
import { readForm } from "~/.server/http/forms.ts";
import { requestContext } from "~/.server/http/request-context.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { twoStepConfirmSchema, twoStepPasswordSchema } from "~/accounts/two-step-schema.ts";
import { AccountSection } from "~/components/AccountSection.tsx";
import { AppLink } from "~/components/PageLink.tsx";
import {
  QrCode,
  RecoveryCodes,
  TwoStepConfirmForm,
  TwoStepPasswordForm,
} from "~/components/TwoStepForms.tsx";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/account-two-step";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const state = await twoStepState(db(), user);
  return {
    // The manage area sent an owner here: the site requires two-step sign-in of owners.
    requiredForManage: url.searchParams.get("for") === "manage" && user.role === "owner",
    twoStep:
      state.state === "pending"
        ? { state: state.state, secret: state.secret, uri: state.uri, qr: qrDrawing(state.uri) }
        : state,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const form = await readForm(request);
  const { clientAddress } = context.get(requestContext);
  if (form.get("intent") === "confirm") {
    const submission = parseWithZod(form, { schema: twoStepConfirmSchema });
    const hidden = { hideFields: ["code"] };
    if (submission.status !== "success")
      return data({ intent: "confirm", result: submission.reply(hidden) }, { status: 400 });
    const result = await confirmTwoStep(db(), request, clientAddress, user, submission.value.code);
    if (!result.ok)
      return data(
        { intent: "confirm", result: submission.reply({ ...hidden, formErrors: [result.message] }) },
        { status: result.status },
      );
    // A redirect: the session was replaced, and this request still carries the old one.
    return redirectWithToast(href("/account/two-step"), "Two-step sign-in is on", result.headers);
  }
  const submission = parseWithZod(form, { schema: twoStepPasswordSchema });
  const hidden = { hideFields: ["password"] };
  const intent = submission.payload.intent;
  if (submission.status !== "success")
    return data({ intent, result: submission.reply(hidden) }, { status: 400 });
  const { password } = submission.value;
  const refusal = (status: number, message: string) =>
    data({ intent, result: submission.reply({ ...hidden, formErrors: [message] }) }, { status });
  if (submission.value.intent === "enable") {
    const result = await beginTwoStep(db(), request, clientAddress, user, password);
    if (!result.ok) return refusal(result.status, result.message);
    return data({ intent, recoveryCodes: result.recoveryCodes });
  }
  if (submission.value.intent === "recovery-codes") {
    const result = await renewRecoveryCodes(db(), clientAddress, user, password);
    if (!result.ok) return refusal(result.status, result.message);
    return data({ intent, recoveryCodes: result.recoveryCodes });
  }
  const result = await turnOffTwoStep(db(), request, clientAddress, user, password);
  if (!result.ok) return refusal(result.status, result.message);
  return redirectWithToast(href("/account"), "Two-step sign-in is off", result.headers);
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: "Two-step sign-in",
      description:
        "Sign in to Woollahra Moncur with a code from an authenticator app as well as your password.",
      path: href("/account/two-step"),
    }),
    { name: "robots", content: "noindex" },
  ];
}

const linkClass = "font-semibold text-heritage-700 underline underline-offset-4";

export default function AccountTwoStep({ loaderData, actionData }: Route.ComponentProps) {
  const { twoStep, requiredForManage } = loaderData;
  const resultFor = (intent: string) =>
    actionData && "result" in actionData && actionData.intent === intent ? actionData.result : undefined;
  const recoveryCodes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : undefined;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <p>
        <AppLink href={href("/account")} className={linkClass}>
          Your account
        </AppLink>
      </p>
      <h1 className="mt-2 text-4xl font-semibold">Two-step sign-in</h1>
      <p className="mt-3 text-lg">
        With two-step sign-in on, logging in takes your password and then a 6-digit code from an authenticator
        app on your phone (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis). Someone
        who learns your password still cannot sign in.
      </p>
      {requiredForManage && twoStep.state !== "on" && (
        <p role="alert" className="mt-4 rounded-md border border-brick bg-red-50 px-4 py-3 text-brick">
          The site requires owners to use two-step sign-in. Turn it on here to open the manage area.
        </p>
      )}
      {twoStep.state === "off" ? (
        <AccountSection title="Turn it on">
          <p>
            First your password; then you save your recovery codes, scan a code with the app and type the code
            it shows.
          </p>
          <TwoStepPasswordForm
            intent="enable"
            submitLabel="Set up two-step sign-in"
            lastResult={resultFor("enable")}
          />
        </AccountSection>
      ) : twoStep.state === "pending" ? (
        <>
          {recoveryCodes ? (
            <RecoveryCodes codes={recoveryCodes} />
          ) : (
            <p className="mt-10">
              Your recovery codes were shown when you began. Did not save them? Cancel the setup below and
              begin again.
            </p>
          )}
          <AccountSection title="Add the site to your app">
            <p>Scan this code with your authenticator app:</p>
            <QrCode
              size={twoStep.qr.size}
              path={twoStep.qr.path}
              label="QR code for your authenticator app"
            />
            <p>Or type this key into the app (a time-based key):</p>
            <p className="font-mono text-lg break-all" data-testid="two-step-secret">
              {twoStep.secret}
            </p>
          </AccountSection>
          <AccountSection title="Type the code it shows">
            <TwoStepConfirmForm lastResult={resultFor("confirm")} />
          </AccountSection>
        </>
      ) : (
        <>
          {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
          <AccountSection title="It is on">
            <p>
              Logging in asks for a code from your app after your password. You have{" "}
              {twoStep.recoveryCodesLeft === 1
                ? "1 recovery code"
                : `${twoStep.recoveryCodesLeft} recovery codes`}{" "}
              left.
            </p>
          </AccountSection>
          <AccountSection title="New recovery codes">
            <p>Used some, or lost them? New ones replace all the old ones.</p>
            <TwoStepPasswordForm
              intent="recovery-codes"
              submitLabel="Make new recovery codes"
              lastResult={resultFor("recovery-codes")}
            />
          </AccountSection>
        </>
      )}
      {twoStep.state !== "off" && (
        <AccountSection title={twoStep.state === "on" ? "Turn it off" : "Changed your mind?"}>
          <TwoStepPasswordForm
            intent="disable"
            submitLabel={twoStep.state === "on" ? "Turn off two-step sign-in" : "Cancel the setup"}
            lastResult={resultFor("disable")}
          />
        </AccountSection>
      )}
    </div>
  );
}
