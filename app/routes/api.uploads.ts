import { uploadServer } from "~/.server/uploads.ts";
import type { Route } from "./+types/api.uploads";

/** tus: HEAD and GET ask where an upload stands; POST, PATCH and DELETE create, continue and cancel it. */
export const loader = async ({ request }: Route.LoaderArgs) => (await uploadServer()).handleWeb(request);
export const action = async ({ request }: Route.ActionArgs) => (await uploadServer()).handleWeb(request);
