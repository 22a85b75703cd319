import { data } from "react-router";
import { requireFormToken } from "./form-token.ts";

/** No form of this site has more fields than this (but the building's, which says so), and none sends a field twice. */
const usualMaxFields = 20;

function unreadable() {
  return data("The form could not be read. Please try again.", { status: 400 });
}

/**
 * Why a form may come without the anti-forgery token: it is on a page every visitor shares
 * (a cached reading page), which cannot hold anyone's token, and it carries a signed stamp of
 * its own instead (enquiry-stamp.ts). Name the stamp here when adding such a form.
 */
export type TokenExemption = "shared page, enquiry stamp";

/**
 * THE rule of state-changing forms (decision 028): every POST passes the origin check first
 * (same-origin.ts, for every request), and every form is read here, which refuses it (403)
 * unless it carries the anti-forgery token its sender's cookie holds — but for the forms of
 * shared pages, which say which stamp they carry instead.
 *
 * A body that is not a readable form is the sender's mistake (400). So is a form with
 * repeated or countless fields: turning one into an object takes time that grows with the
 * square of the repeats (50 000 of them in 200 KB held the server for 30 s), and a repeated
 * field arrives as a list where the pages expect text.
 */
export async function readForm(
  request: Request,
  { maxFields = usualMaxFields, exempt }: { maxFields?: number; exempt?: TokenExemption } = {},
): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw unreadable();
  }
  const names = [...form.keys()];
  if (names.length > maxFields || new Set(names).size !== names.length) throw unreadable();
  if (!exempt) requireFormToken(request, form);
  return form;
}
