// Made once: `toLocaleString` builds a formatter on every call, which showed in placing orders.
const WHOLE_POUNDS = new Intl.NumberFormat('en-GB');
const POUNDS_AND_PENCE = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Pence as people read pounds in messages and e-mails: £12, £1,234.56. */
export function formatPounds(pence: number): string {
  const pounds = pence / 100;
  return `£${(Number.isInteger(pounds) ? WHOLE_POUNDS : POUNDS_AND_PENCE).format(pounds)}`;
}
