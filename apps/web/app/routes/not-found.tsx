import { data } from 'react-router';

/** Any URL no other route matches: a 404 rendered by the root ErrorBoundary. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
