/** A posted form's text field, or '' when it is missing or a file. */
export const formText = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};
