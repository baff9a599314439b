/** The range's export as staff download it (docs/catalogue-files.md), read by the journeys that pick products from it. */

/** The export's rows by column name (values quoted as RFC 4180 says: a description may hold commas and line breaks). */
export function exportedRows(text: string): Record<string, string>[] {
  const records: string[][] = [[]];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const character = text[at]!;
    if (quoted && character === '"' && text[at + 1] === '"') {
      field += '"';
      at += 1;
    } else if (character === '"') quoted = !quoted;
    else if (!quoted && character === ',') {
      records.at(-1)!.push(field);
      field = '';
    } else if (!quoted && character === '\n') {
      records.at(-1)!.push(field.replace(/\r$/, ''));
      records.push([]);
      field = '';
    } else field += character;
  }
  const [header, ...rows] = records.filter((record) => record.length > 1);
  return rows.map((row) => Object.fromEntries(header!.map((column, index) => [column, row[index] ?? ''])));
}
