import { useEffect, useState } from 'react';

/**
 * False in the server's HTML and in the first render that hydrates it, true from the next (the
 * Epic Stack's pattern, without its page-wide flag: each island on a page hydrates on its own).
 * A form's submit button is disabled until then: before hydration the browser would submit the
 * form itself, as a GET to the page with every field in the address (a password included), and
 * the person's click would seem to do nothing.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
