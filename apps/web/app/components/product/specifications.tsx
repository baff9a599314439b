import { useId } from 'react';

/** The product's specifications as a two-column table. */
export function Specifications({ specifications, className }: { specifications: Record<string, string>; className?: string }) {
  const headingId = useId();
  const rows = Object.entries(specifications).filter(([, value]) => value !== '');
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-navy-950">
        Specifications
      </h2>
      <table className="mt-4 w-full overflow-hidden rounded-xl text-sm ring-1 ring-navy-100">
        <tbody className="divide-y divide-navy-100">
          {rows.map(([name, value]) => (
            <tr key={name} className="even:bg-sand-50">
              <th scope="row" className="w-2/5 px-4 py-2.5 text-left font-medium text-navy-700">
                {name}
              </th>
              <td className="px-4 py-2.5 text-navy-950">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
