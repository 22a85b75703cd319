import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href } from "react-router";
import { RobotTraps } from "~/components/RobotTraps.tsx";
import { useHydrated } from "~/components/use-hydrated.ts";
import { enquirySchema } from "~/site/enquiry-schema.ts";
import {
  dirtyOrTouched,
  FormAlert,
  liveFormProps,
  SubmitButton,
  TextAreaField,
  TextField,
} from "./forms.tsx";

/**
 * The leasing enquiry form, on /contact and in the /commercial page; it always sends to
 * /contact. The page is the same for every visitor (it may be shared from the page cache):
 * what is personal, the time the visitor began, comes from the little image below, which
 * sets a signed cookie (see enquiry-stamp.ts).
 */
export function EnquiryForm({
  lastResult,
  space,
}: {
  lastResult?: SubmissionResult<string[]>;
  space?: string;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "enquiry",
    lastResult,
    ...dirtyOrTouched,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: enquirySchema }),
  });
  const valid = enquirySchema.safeParse(form.value ?? {}).success;
  return (
    <Form
      method="post"
      action={href("/contact")}
      {...liveFormProps(form)}
      noValidate
      className="not-prose relative space-y-2 rounded-lg border border-sandstone-300 bg-white p-5 sm:p-6"
    >
      {space && <input type="hidden" name="space" value={space} />}
      <TextField label="Name" field={fields.name} type="text" autoComplete="name" />
      <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
      <TextField label="Phone (optional)" field={fields.phone} type="tel" autoComplete="tel" />
      <TextField label="Company (optional)" field={fields.company} type="text" autoComplete="organization" />
      <TextField label="What you are looking for (optional)" field={fields.lookingFor} type="text" />
      <TextAreaField label="Message" field={fields.message} rows={6} />
      <RobotTraps id="enquiry" />
      <p className="text-sm text-slate-600">
        Your enquiry goes to the building's managers only. How long we keep it:{" "}
        <a href={href("/privacy")} className="underline underline-offset-4">
          privacy
        </a>
        .
      </p>
      <SubmitButton disabled={hydrated && !valid}>Send enquiry</SubmitButton>
      <FormAlert id={form.errorId} errors={form.errors} />
    </Form>
  );
}
