/** One part of the account pages: a titled card. */
export function AccountSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-10 rounded-xl border border-sandstone-300 bg-white p-5 sm:p-6">
      <h2 className="text-2xl font-semibold">{title}</h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}
