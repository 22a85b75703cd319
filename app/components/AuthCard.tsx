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
