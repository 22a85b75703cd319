import type { ReactNode } from "react";

/**
 * A manage page's table: headed columns, scrolling sideways on a phone. The scrolling box is a
 * named region that takes focus, so a keyboard can scroll it too. It is positioned, so text
 * kept for screen readers only (absolutely positioned) stays inside it instead of widening the page.
 */
export function ManageTable({
  label,
  headings,
  children,
}: {
  label: string;
  headings: string[];
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
      tabIndex={0}
      className="relative mt-6 overflow-x-auto rounded-xl border border-sandstone-300 bg-white"
    >
      <table className="w-full text-left">
        <thead className="bg-sandstone-100 text-sm text-heritage-900">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 whitespace-nowrap">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sandstone-300">{children}</tbody>
      </table>
    </section>
  );
}
