export interface RootData {
  publicUrl: string;
  production: boolean;
  year: number;
  requestId: string | null;
}

type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** The root loader's data, as seen from any route's `meta`. */
export function rootData(matches: Matches): RootData {
  const root = matches.find((match) => match?.id === "root");
  return root?.loaderData as RootData;
}
