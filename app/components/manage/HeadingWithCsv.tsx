/** A manage page's title with the link that downloads its whole list as a spreadsheet file. */
export function HeadingWithCsv({ title, csv }: { title: string; csv: string }) {
  return (
    <div className="mt-8 flex flex-wrap items-baseline justify-between gap-4">
      <h1 className="text-4xl font-semibold">{title}</h1>
      <a
        href={csv}
        download
        className="rounded-md border border-heritage-700 px-4 py-2 font-semibold text-heritage-700 hover:bg-heritage-50"
      >
        Download all as CSV
      </a>
    </div>
  );
}
