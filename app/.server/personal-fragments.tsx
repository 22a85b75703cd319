import { renderToString } from "react-dom/server";
import { AccountLinks } from "~/components/Navbar.tsx";
import { Toast } from "~/components/Toast.tsx";
import { personalParts } from "./personal.ts";

export interface PersonalFragments {
  /** Each part of the shared page as rendered for no one, and as rendered for this reader. */
  replacements: [anonymous: string, personal: string][];
  /** Set-Cookie headers: the notice taken, the log-out form's token issued. */
  headers: Headers;
}

/**
 * The parts of a reading page that differ for a signed-in reader (the navbar's account area,
 * a notice), rendered alone: the server puts them into the cached anonymous page instead of
 * rendering the whole page for every signed-in request (decision 025). They are the very
 * components the layout renders, so a new menu link appears in both.
 */
export async function personalFragments(request: Request): Promise<PersonalFragments> {
  const { email, owner, registrationOpen, formToken, toast, headers } = await personalParts(request);
  // As the navbar reads it: `/woollahra/` is the same page as `/woollahra`.
  const current = new URL(request.url).pathname.replace(/(.)\/$/, "$1");
  const replacements: PersonalFragments["replacements"] = [
    [
      renderToString(
        <AccountLinks
          email={null}
          owner={false}
          registrationOpen={registrationOpen}
          formToken={null}
          current={current}
        />,
      ),
      renderToString(
        <AccountLinks
          email={email}
          owner={owner}
          registrationOpen={registrationOpen}
          formToken={formToken}
          current={current}
        />,
      ),
    ],
    [renderToString(<Toast message={null} />), renderToString(<Toast message={toast} />)],
  ];
  return { replacements: replacements.filter(([anonymous, personal]) => anonymous !== personal), headers };
}
