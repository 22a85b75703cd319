import { db } from "~/.server/db/index.ts";
import { handleUploadRequest } from "~/.server/uploads/uploads.ts";
import type { Route } from "./+types/api.uploads";

/** tus: HEAD and GET ask where an upload stands; POST, PATCH and DELETE create, continue and cancel it. */
export const loader = ({ request }: Route.LoaderArgs) => handleUploadRequest(db(), request);
export const action = ({ request }: Route.ActionArgs) => handleUploadRequest(db(), request);
