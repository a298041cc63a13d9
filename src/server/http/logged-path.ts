/**
 * The path a request is logged under: without its query string (queries may carry search terms)
 * and without the secret of a worker's calendar feed (decision 087), whose path is the only key to
 * the worker's shifts; the log keeps only that a feed was fetched.
 */
export function loggedPath(url: string): string {
  const path = url.split('?')[0]!;
  return path.startsWith('/calendar/') ? '/calendar/[secret].ics' : path;
}
