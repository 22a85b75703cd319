import { renderToString } from "react-dom/server";
import { AccountLinks, type AccountProps } from "~/components/Navbar.tsx";
import { Toast } from "~/components/Toast.tsx";
import { personalParts } from "./personal.ts";
import { megabyte, remembered } from "./remembered.ts";

/** A part of a shared page that differs for one reader. */
export interface PersonalPart {
  /** The part as rendered for no one, in each form the shared page may hold (the first found is used). */
  shared: string[];
  /** The part as rendered for this reader. */
  own: string;
}

export interface PersonalFragments {
  parts: PersonalPart[];
  /** Set-Cookie headers: the notice taken, the log-out form's token issued. */
  headers: Headers;
}

/**
 * The parts of a reading page that differ for a signed-in reader (the navbar's account area,
 * a notice), rendered alone: the server puts them into the cached anonymous page instead of
 * rendering the whole page for every signed-in request (decision 025). They are the very
 * components the layout renders, so a new menu link appears in both. A visitor's account area
 * depends on whether registration is open; the shared page shows whichever it was when it was
 * rendered, so both forms are offered and no settings are read here.
 */
export async function personalFragments(request: Request): Promise<PersonalFragments> {
  const { email, owner, formToken, toast, headers } = await personalParts(request);
  // As the navbar reads it: `/woollahra/` is the same page as `/woollahra`.
  const current = new URL(request.url).pathname.replace(/(.)\/$/, "$1");
  const parts: PersonalPart[] = [];
  if (email) {
    parts.push({
      // A visitor's form with registration open comes first: the closed one (Login alone) is its start.
      shared: [true, false].map((registrationOpen) =>
        accountLinks({ email: null, owner: false, registrationOpen, formToken: null, current }),
      ),
      own: accountLinks({ email, owner, registrationOpen: false, formToken, current }),
    });
  }
  if (toast) parts.push({ shared: [noNotice()], own: renderToString(<Toast message={toast} />) });
  return { parts, headers };
}

/** The account area, rendered once for each page and reader (their menu, their log-out token). */
function accountLinks(props: AccountProps & { current: string }): string {
  return renderedAccountLinks(JSON.stringify(props));
}

const renderedAccountLinks = remembered(4 * megabyte, (props) =>
  renderToString(<AccountLinks {...(JSON.parse(props) as AccountProps & { current: string })} />),
);

let emptyNotice: string | undefined;

function noNotice(): string {
  emptyNotice ??= renderToString(<Toast message={null} />);
  return emptyNotice;
}
