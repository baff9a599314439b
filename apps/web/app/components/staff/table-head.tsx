/** The caption and header row the staff discount tables share. */
export function TableHead({ caption, headings }: { caption: string; headings: readonly string[] }) {
  return (
    <>
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-sand-100 text-navy-800">
        <tr>
          {headings.map((heading) => (
            <th key={heading} scope="col" className="px-3 py-3 font-semibold whitespace-nowrap first:pl-4 last:pr-4">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}
