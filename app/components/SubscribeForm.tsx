import { href } from "react-router";
import { RobotTraps } from "~/components/RobotTraps.tsx";

/**
 * The e-mail field and `Subscribe` of /subscribe, /home, each post and the tag pages: a plain
 * form (reading pages load no React), the same for every visitor so the page can be shared
 * from the page cache. What is personal, when the visitor began, comes from the little image
 * the enquiry form uses too (a signed cookie, enquiry-stamp.ts); a robot fills the hidden field.
 */
export function SubscribeForm({
  id,
  heading,
  error,
  email,
}: {
  /** Unique on the page: the form's fields are named after it. */
  id: string;
  /** Shown above the field; the /subscribe page has its own. */
  heading?: string;
  /** The refusal of a submission (on /subscribe only). */
  error?: string;
  email?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <form
      method="post"
      action={href("/subscribe")}
      noValidate
      aria-labelledby={heading ? `${id}-heading` : undefined}
      className="not-prose relative rounded-lg border border-sandstone-300 bg-white p-5 sm:p-6"
    >
      {heading && (
        <h2 id={`${id}-heading`} className="text-xl font-semibold text-heritage-900">
          {heading}
        </h2>
      )}
      <p className={heading ? "mt-1 text-slate-700" : "text-slate-700"}>
        New posts in your inbox. Confirm by the link we send; every message has an unsubscribe link.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grow">
          <label htmlFor={`${id}-email`} className="block font-medium text-heritage-900">
            Email
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-brick focus:border-heritage-700"
          />
        </div>
        <button
          type="submit"
          className="rounded-md bg-heritage-700 px-5 py-2.5 font-semibold text-white hover:bg-heritage-900"
        >
          Subscribe
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-brick">
          {error}
        </p>
      )}
      <RobotTraps id={id} />
      <p className="mt-3 text-sm text-slate-600">
        What we keep and for how long:{" "}
        <a href={`${href("/privacy")}#subscribers`} className="underline underline-offset-4">
          privacy
        </a>
        .
      </p>
    </form>
  );
}
