import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { getUser } from "./.server/auth.ts";
import { config } from "./.server/config.ts";
import { db } from "./.server/db/index.ts";
import { issueFormToken } from "./.server/form-token.ts";
import { siteSettings } from "./.server/members.ts";
import { requestContext } from "./.server/request-context.ts";
import { takeToast } from "./.server/toast.ts";
import { Banner } from "./components/Banner.tsx";
import { DevStrip } from "./components/DevStrip.tsx";
import { ErrorPage } from "./components/ErrorPage.tsx";
import { Footer } from "./components/Footer.tsx";
import { Navbar } from "./components/Navbar.tsx";
import { PageNavigation } from "./components/PageNavigation.tsx";
import { RequestRefused } from "./components/RequestRefused.tsx";
import { Toast } from "./components/Toast.tsx";
import { sydneyYear } from "./lib/dates.ts";
import type { RootData } from "./lib/root-data.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { publicUrl, production } = config();
  const [user, toast, settings] = await Promise.all([
    getUser(request),
    takeToast(request),
    siteSettings(db()),
  ]);
  const headers = toast.headers;
  let formToken: string | null = null;
  if (user) {
    const issued = issueFormToken(request);
    formToken = issued.token;
    for (const cookie of issued.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  }
  const root: RootData = {
    publicUrl,
    production,
    year: sydneyYear(),
    requestId: context.get(requestContext).id,
    email: user?.email ?? null,
    owner: user?.role === "owner",
    registrationOpen: settings.registration === "open",
    formToken,
    toast: toast.message,
  };
  return data(root, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const navigation = useNavigation();
  const loadingPost = navigation.state === "loading" && navigation.location.pathname.startsWith("/blog/");
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f4f3a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        {root && !root.production && <DevStrip />}
        <header className="no-print">
          <Navbar
            email={root?.email ?? null}
            owner={root?.owner ?? false}
            registrationOpen={root?.registrationOpen ?? true}
          />
          <Banner />
        </header>
        <main id="main" className="flex-1">
          {loadingPost ? <LoadingPost /> : children}
        </main>
        <Footer year={root?.year ?? sydneyYear()} />
        <Toast key={root?.requestId} message={root?.toast ?? null} />
        <PageNavigation />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Shown while a post is on its way after a client-side navigation. */
function LoadingPost() {
  return (
    <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-lg">
      Loading...
    </p>
  );
}

export default function App() {
  // Marks the page as interactive: end-to-end tests wait for it before they click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorPage title="404 Page Not Found" next={{ href: "/", label: "Go to the Moncur Street home page" }}>
        <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      </ErrorPage>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <ErrorPage title="Back in a moment">
        <p>
          The site cannot reach its database just now. Nothing you saved has been lost; please try again
          shortly.
        </p>
      </ErrorPage>
    );
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    return <RequestRefused status={error.status} message={error.data} />;
  }
  return (
    <ErrorPage title="Something went wrong">
      <p>
        Sorry, this page could not be shown. Nothing you saved has been lost; please try again in a moment.
      </p>
      {root?.requestId && (
        <p className="mt-4 text-sm">
          If it keeps happening, quote this reference when you contact us:{" "}
          <code className="rounded bg-sandstone-100 px-1.5 py-0.5">{root.requestId}</code>
        </p>
      )}
    </ErrorPage>
  );
}
