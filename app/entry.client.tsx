import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { pageNameFor, preloadPage } from "./content/pages.ts";

/**
 * A content page's body is its own code chunk. Loading it before hydrating means React adopts
 * the server's HTML as it is; hydrating first would leave the body suspended, and an update
 * meanwhile would make React throw that HTML away and draw it again (losing focus and
 * selection, and detaching whatever the visitor was about to use).
 */
async function hydrate(): Promise<void> {
  const page = pageNameFor(window.location.pathname);
  if (page) await preloadPage(page).catch(() => {});
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void hydrate();
