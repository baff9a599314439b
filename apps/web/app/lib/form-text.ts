/** A posted form's text field, or '' when it is missing or a file. */
export const formText = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** Every text field of a posted form, by name (files left out): what a refused form shows again. */
export const formTexts = (form: FormData): Record<string, string> =>
  Object.fromEntries([...form.entries()].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));
