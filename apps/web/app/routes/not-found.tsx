import { data } from 'react-router';

// Any address no other route claims: a real 404 status, drawn by the root error boundary
// inside the shop layout.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
