export function ProfileSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="break-inside-avoid border-t border-sandstone-300 pt-4">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export function SampleNotice() {
  return (
    <aside className="not-prose no-print my-6 rounded-lg border border-sandstone-500 bg-sandstone-100 px-4 py-3 text-sm">
      <strong>Sample profile.</strong> This person is an example, not a real member of staff. The site owner
      replaces this page with a real profile.
    </aside>
  );
}
