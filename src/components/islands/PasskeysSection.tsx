import type { Language } from '../../i18n/languages.ts';

/** PLACEHOLDER of the foundation (issue 40.2 builds it): account settings › passkeys. */
export default function PasskeysSection(_props: { lang: Language }) {
  return null;
}
