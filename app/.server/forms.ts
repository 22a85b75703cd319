import { data } from "react-router";

/** The submitted form; a body that is not a readable form is the sender's mistake (400). */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("The form could not be read. Please try again.", { status: 400 });
  }
}
