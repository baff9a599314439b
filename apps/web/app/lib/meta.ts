/** Title and description tags for a page: "Toilets | Plumbline". */
export function pageMeta(title: string, description: string) {
  return [
    { title: title === 'Plumbline' ? title : `${title} | Plumbline` },
    { name: 'description', content: description },
  ];
}
