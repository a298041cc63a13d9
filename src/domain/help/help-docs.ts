/**
 * The documents of docs/ that the app serves as help at /help/<slug> (decision 076): the ones a
 * shop owner or the person running the server reads. docs/architecture.md and docs/decisions/ are
 * developer documents and stay in the repository. The slug is the file name without `.md`.
 */
export const HELP_DOCS = ['operator-guide', 'legal-record', 'backups', 'email', 'payroll-export', 'webhooks', 'mcp', 'postgresql', 'raspberry-pi', 'single-binary'] as const;

export type HelpDoc = (typeof HELP_DOCS)[number];

/** The message keys of each document's title and summary, in the page's language (written out, so a search finds them). */
export const HELP_DOC_KEYS: Record<HelpDoc, { title: string; summary: string }> = {
  'operator-guide': { title: 'help.docs.operator-guide.title', summary: 'help.docs.operator-guide.summary' },
  'legal-record': { title: 'help.docs.legal-record.title', summary: 'help.docs.legal-record.summary' },
  backups: { title: 'help.docs.backups.title', summary: 'help.docs.backups.summary' },
  email: { title: 'help.docs.email.title', summary: 'help.docs.email.summary' },
  'payroll-export': { title: 'help.docs.payroll-export.title', summary: 'help.docs.payroll-export.summary' },
  webhooks: { title: 'help.docs.webhooks.title', summary: 'help.docs.webhooks.summary' },
  mcp: { title: 'help.docs.mcp.title', summary: 'help.docs.mcp.summary' },
  postgresql: { title: 'help.docs.postgresql.title', summary: 'help.docs.postgresql.summary' },
  'raspberry-pi': { title: 'help.docs.raspberry-pi.title', summary: 'help.docs.raspberry-pi.summary' },
  'single-binary': { title: 'help.docs.single-binary.title', summary: 'help.docs.single-binary.summary' },
};

export function isHelpDoc(slug: string): slug is HelpDoc {
  return (HELP_DOCS as readonly string[]).includes(slug);
}

/** The in-app address of a help document, optionally at one of its headings. */
export function helpPath(doc: HelpDoc, anchor?: string): string {
  return `/help/${doc}${anchor ? `#${anchor}` : ''}`;
}

const LINK = /<a href="([^"]*)"([^>]*)>([\s\S]*?)<\/a>/g;
const DOC_LINK = /^(?:\.\/)?([a-z0-9-]+)\.md(#[^"]*)?$/;

/**
 * A document's HTML as the app shows it. Its links between help documents (`backups.md#x`) open
 * the help page; a link to any other repository file (a decision, a source file) keeps its words
 * without a link, as the app does not serve that file; web addresses and in-page anchors stay.
 * Code blocks and tables are made focusable.
 */
export function helpHtml(html: string): string {
  // A code block or table wider than the page scrolls; focusable, so a keyboard can scroll it (WCAG 2.1.1).
  const scrollable = html.replace(/<(pre|table)\b/g, '<$1 tabindex="0"');
  return scrollable.replace(LINK, (whole, href: string, rest: string, inner: string) => {
    if (/^(?:https?:|mailto:|#)/.test(href)) return whole;
    const doc = DOC_LINK.exec(href);
    if (doc && isHelpDoc(doc[1]!)) return `<a href="/help/${doc[1]}${doc[2] ?? ''}"${rest}>${inner}</a>`;
    return inner;
  });
}

/** The document's HTML without its first heading (the page shows the title itself). */
export function withoutTitle(html: string): string {
  return html.replace(/^\s*<h1\b[^>]*>[\s\S]*?<\/h1>/, '');
}
