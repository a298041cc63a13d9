import { HELP_DOC_KEYS, helpPath, type HelpDoc } from '#domain/help/help-docs.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';

/** A link to an in-app help page (decision 076), named by the document's title in the page's language. */
export default function HelpLink({ doc, lang, anchor }: { doc: HelpDoc; lang: Language; anchor?: string }) {
  const t = translator(lang);
  return (
    <a href={helpPath(doc, anchor)} className="font-medium text-accent underline underline-offset-2" data-testid={`help-link-${doc}`}>
      {t('help.see', { title: t(HELP_DOC_KEYS[doc].title) })}
    </a>
  );
}
