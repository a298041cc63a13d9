/**
 * Run by the blocking script in <head> (pre-paint.ts) before any form is parsed, so there is no
 * moment it is missing. A form inside an island that has not hydrated yet (Astro drops `ssr` from
 * the island once it has) is the server's markup with no handler: submitting it would be the
 * browser's own GET to the page with every field in the address, and so in the history and the
 * server's request log (names, emails, a password). Such a submit is held; once the island has
 * hydrated its own handler sends the form. Forms outside islands (report filters) are left alone.
 * Stringified into the page: plain browser code, no imports.
 */
export function holdUnhydratedForms(doc: Document): void {
  doc.addEventListener(
    'submit',
    (event) => {
      const target = event.target as Element | null;
      if (target && target.closest && target.closest('astro-island[ssr]')) event.preventDefault();
    },
    true,
  );
}
