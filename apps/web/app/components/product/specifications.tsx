import { useId } from 'react';

/** The product's specifications as a two-column table. */
export function Specifications({ specifications, className }: { specifications: Record<string, string>; className?: string }) {
  const headingId = useId();
  const rows = Object.entries(specifications).filter(([, value]) => value !== '');
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="section-heading">
        Specifications
      </h2>
      {/* Rows and cells are styled from the table (app.css's `.specs`). */}
      <table className="specs">
        <tbody>
          {rows.map(([name, value]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
