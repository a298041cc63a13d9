import type { Language } from '../../i18n/languages.ts';

/** PLACEHOLDER of the foundation (issue 40.4 builds it): account settings › your sessions. */
export default function SessionsSection(_props: { lang: Language }) {
  return null;
}
