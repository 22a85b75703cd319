import { useEffect } from "react";
import {
  data,
  href,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { config } from "./.server/config.ts";
import { db } from "./.server/db/index.ts";
import { personalParts } from "./.server/http/personal.ts";
import { requestContext } from "./.server/http/request-context.ts";
import { shownBuilding } from "./.server/site/building.ts";
import { AppNavigation } from "./components/AppNavigation.tsx";
import { Banner } from "./components/Banner.tsx";
import { BuildingContext } from "./components/BuildingContext.tsx";
import { DevStrip } from "./components/DevStrip.tsx";
import { ErrorPage } from "./components/ErrorPage.tsx";
import { Footer } from "./components/Footer.tsx";
import { Navbar } from "./components/Navbar.tsx";
import { ReadingScript } from "./components/ReadingScript.tsx";
import { RequestRefused } from "./components/RequestRefused.tsx";
import { SpeculationRules } from "./components/SpeculationRules.tsx";
import { Toast } from "./components/Toast.tsx";
import { hydrates, readingScripts } from "./http/page-kinds.ts";
import type { RootData } from "./http/root-data.ts";
import { defaultShownBuilding } from "./site/building.ts";
import { sydneyYear } from "./site/dates.ts";
import { jsonLdText, organization } from "./site/structured-data.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { publicUrl, production } = config();
  const [{ email, owner, registrationOpen, formToken, toast, headers }, building] = await Promise.all([
    personalParts(request),
    shownBuilding(db()),
  ]);
  const { id, nonce } = context.get(requestContext);
  const root: RootData = {
    publicUrl,
    production,
    year: sydneyYear(),
    requestId: id,
    nonce,
    email,
    owner,
    registrationOpen,
    formToken,
    toast,
    building,
  };
  return data(root, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  // Only a page of the app loads React Router's scripts; a reading page is a document.
  const app = useMatches().some((match) => hydrates(match.handle));
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Moving to another page of the app on the client: the page waits for its data.
  const loading = navigation.state === "loading" && navigation.location.pathname !== pathname;
  const building = root?.building ?? defaultShownBuilding;
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f4f3a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {root && (
          <script
            type="application/ld+json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own, with "<" escaped
            dangerouslySetInnerHTML={{ __html: jsonLdText(organization(root.publicUrl, building)) }}
          />
        )}
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        <BuildingContext value={building}>
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
              formToken={root?.formToken ?? null}
            />
            <Banner />
          </header>
          <main id="main" className="flex-1">
            {loading ? <LoadingPage /> : children}
          </main>
          <Footer year={root?.year ?? sydneyYear()} />
          <Toast key={root?.requestId} message={root?.toast ?? null} />
          <ReadingScript src={readingScripts.menus} />
          {app ? (
            <>
              <AppNavigation />
              <ScrollRestoration />
              <Scripts />
            </>
          ) : (
            <SpeculationRules />
          )}
        </BuildingContext>
      </body>
    </html>
  );
}

/** Shown while the next page of the app is on its way after a client-side navigation. */
function LoadingPage() {
  return (
    <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-lg">
      Loading...
    </p>
  );
}

export default function App() {
  // Marks an app page as interactive: end-to-end tests wait for it before they click.
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
      <ErrorPage
        title="404 Page Not Found"
        next={{ href: href("/"), label: "Go to the Moncur Street home page" }}
      >
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
