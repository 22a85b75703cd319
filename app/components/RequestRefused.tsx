import { ErrorPage } from "./ErrorPage.tsx";

const reasons: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  422: "Unprocessable Content",
  429: "Too Many Requests",
};

/** A request the site refused (a 4xx), with its status and the reason in words. */
export function RequestRefused({ status, message }: { status: number; message: unknown }) {
  const title = `${status} ${reasons[status] ?? "Request Refused"}`;
  return (
    <ErrorPage title={title}>
      <p>{typeof message === "string" && message ? message : "This request cannot be completed."}</p>
    </ErrorPage>
  );
}
