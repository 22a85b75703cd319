import { data } from "react-router";

/** No form of this site has more fields than this (but the building's, which says so), and none sends a field twice. */
const usualMaxFields = 20;

function unreadable() {
  return data("The form could not be read. Please try again.", { status: 400 });
}

/**
 * The submitted form; a body that is not a readable form is the sender's mistake (400).
 * So is a form with repeated or countless fields: turning one into an object takes time that
 * grows with the square of the repeats (50 000 of them in 200 KB held the server for 30 s),
 * and a repeated field arrives as a list where the pages expect text.
 */
export async function readForm(request: Request, maxFields = usualMaxFields): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw unreadable();
  }
  const names = [...form.keys()];
  if (names.length > maxFields || new Set(names).size !== names.length) throw unreadable();
  return form;
}
