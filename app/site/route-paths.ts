import type { href } from "react-router";

/**
 * A route's path as app/routes.ts writes it (`/blog/:slug`), from the types `react-router
 * typegen` writes: a path no route has fails the typecheck. For lists of paths; an address is
 * React Router's `href("/blog/:slug", { slug })`.
 */
export type RoutePath = Parameters<typeof href>[0];

/** A path's segments up to its first parameter, each with or without the slash after it. */
type Leading<Path extends string> = Path extends `:${string}` | "*"
  ? ""
  : Path extends `${infer Segment}/${infer Rest}`
    ? Segment | `${Segment}/` | `${Segment}/${Leading<Rest>}`
    : Path;

/** How some route's addresses start, cut where a segment ends (`/manage`, `/edit-post/`): for prefix rules. */
export type RoutePrefix = {
  [Path in RoutePath]: Path extends `/${infer Rest}` ? `/${Leading<Rest>}` : never;
}[RoutePath];
