/** Placeholder: filled in by the issue 21 work. */
export function loader() {
  return new Response('Not found', { status: 404 });
}
