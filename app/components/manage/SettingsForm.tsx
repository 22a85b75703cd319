import { Form, useRouteLoaderData } from "react-router";
import { formTokenField } from "~/http/form-token-field.ts";
import type { RootData } from "~/http/root-data.ts";

interface Choice {
  value: string;
  label: string;
  hint: string;
}

type SettingName = "registration" | "publishing" | "ownersTwoStep" | "subscriptionMail";

const groups: { name: SettingName; legend: string; choices: Choice[] }[] = [
  {
    name: "registration",
    legend: "Registration",
    choices: [
      { value: "open", label: "Open", hint: "Anyone can create an account." },
      { value: "closed", label: "Closed", hint: "The register page says so and takes no new accounts." },
    ],
  },
  {
    name: "publishing",
    legend: "Publishing",
    choices: [
      { value: "immediate", label: "Immediate", hint: "Authors' posts appear as soon as they publish them." },
      {
        value: "review",
        label: "Review",
        hint: "Authors' new posts wait as “Awaiting review” until an owner approves them. Owners' posts appear at once.",
      },
    ],
  },
  {
    name: "ownersTwoStep",
    legend: "Two-step sign-in for owners",
    choices: [
      {
        value: "optional",
        label: "Optional",
        hint: "Each owner chooses, as every user does, in their account.",
      },
      {
        value: "required",
        label: "Required",
        hint: "An owner without it is sent to turn it on before they can use the manage area.",
      },
    ],
  },
  {
    name: "subscriptionMail",
    legend: "Posts by e-mail",
    choices: [
      {
        value: "each",
        label: "Each new post",
        hint: "Every confirmed subscriber gets each post when it goes public.",
      },
      {
        value: "digest",
        label: "Weekly digest",
        hint: "One message on Monday at 8 am (Sydney time) with the week's new posts, only when there are some.",
      },
      { value: "off", label: "Off", hint: "Nothing is sent; posts published meanwhile are never sent." },
    ],
  },
];

/** The site's settings: a plain form, the same with JavaScript on or off. */
export function SettingsForm({ settings }: { settings: Record<SettingName, string> }) {
  const root = useRouteLoaderData<RootData>("root");
  return (
    <Form method="post" className="mt-6 max-w-2xl space-y-8">
      <input type="hidden" name={formTokenField} value={root?.formToken ?? ""} />
      {groups.map((group) => (
        <fieldset key={group.name} className="rounded-xl border border-sandstone-300 bg-white p-5">
          <legend className="px-1 text-xl font-semibold text-heritage-900">{group.legend}</legend>
          {group.choices.map((choice) => (
            <label key={choice.value} className="mt-3 flex gap-3">
              <input
                type="radio"
                name={group.name}
                value={choice.value}
                defaultChecked={settings[group.name] === choice.value}
                className="mt-1.5 accent-heritage-700"
              />
              <span>
                <span className="block font-medium">{choice.label}</span>
                <span className="block text-slate-700">{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ))}
      <button
        type="submit"
        className="rounded-md bg-heritage-700 px-6 py-2.5 font-semibold text-white hover:bg-heritage-900"
      >
        Save settings
      </button>
    </Form>
  );
}
