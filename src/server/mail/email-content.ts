import type { Language } from '#i18n/languages.ts';

/** An email's subject and its two bodies: plain text, and simple HTML with the same words. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface EmailParts {
  /** The message's language: the HTML's `lang`, so screen readers and mail clients read it right. */
  lang: Language;
  subject: string;
  heading: string;
  /** Paragraphs, in order. */
  lines: readonly string[];
  /** A button (HTML) / a line with the address (text). */
  action?: { label: string; url: string };
  /** A small closing line, e.g. why the reader receives this. */
  footer?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A subject never carries a line break (header injection). */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

/**
 * The plain-text and HTML forms of a message. Every value is escaped in the HTML; the layout is
 * inline-styled (mail clients drop style sheets) and readable without images.
 */
export function emailContent(parts: EmailParts): EmailContent {
  const text = [parts.heading, '', ...parts.lines.flatMap((line) => [line, '']), ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []), ...(parts.footer ? ['--', parts.footer] : [])]
    .join('\n')
    .trimEnd();
  const paragraphs = parts.lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('');
  const button = parts.action
    ? `<p style="margin:20px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(parts.action.label)}</a></p>`
    : '';
  const footer = parts.footer ? `<p style="margin:24px 0 0;color:#6b7280;font-size:12px">${escapeHtml(parts.footer)}</p>` : '';
  const html = `<!doctype html><html lang="${parts.lang}"><body style="margin:0;padding:24px;background:#f3f4f6;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111827"><div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px"><h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(parts.heading)}</h1>${paragraphs}${button}${footer}</div></body></html>`;
  return { subject: oneLine(parts.subject), text, html };
}

/** The message with one more paragraph at its end (both bodies), e.g. how to act for a reader without an account. */
export function withClosingNote(content: EmailContent, note: string): EmailContent {
  const paragraph = `<p style="margin:16px 0 0;padding:12px;background:#fef3c7;border-radius:6px">${escapeHtml(note)}</p>`;
  const at = content.html.lastIndexOf('</div></body>');
  return { subject: content.subject, text: `${content.text}\n\n${note}`, html: at < 0 ? content.html : `${content.html.slice(0, at)}${paragraph}${content.html.slice(at)}` };
}

/** An absolute link into the app: the configured address + path, or the path alone when none is set. */
export function appLink(appUrl: string, path: string): string {
  return `${appUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
