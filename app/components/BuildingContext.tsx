import { createContext, useContext } from "react";
import { defaultShownBuilding, type ShownBuilding } from "~/site/building.ts";

/**
 * The building's details as the root loader read them, for the footer and for the pieces the
 * content pages use (address, hours, contacts, map): the layout provides them to every page.
 */
export const BuildingContext = createContext<ShownBuilding>(defaultShownBuilding);

export function useBuilding(): ShownBuilding {
  return useContext(BuildingContext);
}
