import type { RoutePath } from "./route-paths.ts";

/** The site's main navigation, in the order the navbar shows it. */
export const mainNav = [
  { label: "Woollahra", href: "/woollahra" },
  { label: "Commercial", href: "/commercial" },
  { label: "Lifestyle", href: "/home" },
  { label: "Building", href: "/building" },
  { label: "About", href: "/about" },
  { label: "Moncur St", href: "/" },
] as const satisfies { label: string; href: RoutePath }[];
