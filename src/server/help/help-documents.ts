import type { MarkdownInstance } from 'astro';
import { helpHtml, isHelpDoc, withoutTitle, type HelpDoc } from '../../domain/help/help-docs.ts';

/**
 * The help documents, compiled from docs/*.md by Astro at build time (decision 076): the page
 * reads the same Markdown the repository shows, so the two never differ. The developer documents
 * are left out of the bundle.
 */
const modules = import.meta.glob<MarkdownInstance<Record<string, unknown>>>(['../../../docs/*.md', '!../../../docs/architecture.md'], { eager: true });

export interface HelpDocument {
  slug: HelpDoc;
  /** The document's first heading. */
  title: string;
  /** Its body as HTML, links rewritten for the app (helpHtml). */
  html: () => Promise<string>;
}

function byFile(slug: HelpDoc): MarkdownInstance<Record<string, unknown>> | undefined {
  return Object.entries(modules).find(([file]) => file.endsWith(`/docs/${slug}.md`))?.[1];
}

export function helpDocument(slug: string): HelpDocument | undefined {
  if (!isHelpDoc(slug)) return undefined;
  const module = byFile(slug);
  if (!module) return undefined;
  const title = module.getHeadings().find((h) => h.depth === 1)?.text ?? slug;
  return { slug, title, html: async () => helpHtml(withoutTitle(await module.compiledContent())) };
}
