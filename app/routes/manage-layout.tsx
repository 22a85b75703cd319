import { Outlet } from "react-router";
import { ManageNav } from "~/components/manage/ManageNav.tsx";
import { appPage } from "~/http/page-kinds.ts";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

/** The frame of every manage page: its heading and navigation. Each page checks for an owner itself. */
export default function ManageLayout() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <p className="font-medium text-slate-700">Manage the site</p>
      <ManageNav />
      <Outlet />
    </div>
  );
}
