/** Placeholder: filled in by the issue 21 work. */
export default function Placeholder() {
  return null;
}
