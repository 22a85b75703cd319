import { PageLink } from "./PageLink.tsx";

export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-xl border border-sandstone-300 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-3xl font-semibold">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** What an e-mailed link shows once it is used up or expired: why, and where to go next. */
export function LinkNoLongerWorks({ reason, href, next }: { reason: string; href: string; next: string }) {
  return (
    <AuthCard title="This link no longer works">
      <p className="text-lg">{reason}</p>
      <PageLink
        href={href}
        className="mt-6 block rounded-md bg-heritage-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-heritage-900"
      >
        {next}
      </PageLink>
    </AuthCard>
  );
}
