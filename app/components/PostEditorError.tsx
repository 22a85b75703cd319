import { href, isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage } from "./ErrorPage.tsx";
import { RequestRefused } from "./RequestRefused.tsx";

/** The editor's pages (the post, its revisions) when the post is gone or not the user's to change. */
export function PostEditorError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status >= 500) throw error;
  // A refusal with its own words (a stale form, a limit) says them.
  if (![403, 404].includes(error.status) || error.data)
    return <RequestRefused status={error.status} message={error.data} />;
  const forbidden = error.status === 403;
  return (
    <ErrorPage
      title={forbidden ? "Not your post" : "Blog not found"}
      next={{ href: href("/dashboard"), label: "Back to your dashboard" }}
    >
      <p>
        {forbidden
          ? "Only the author of this post and the site's owners can change or delete it."
          : "Sorry, we were unable to find a blog at this location"}
      </p>
    </ErrorPage>
  );
}
