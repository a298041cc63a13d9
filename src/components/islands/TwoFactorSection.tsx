import type { Language } from '../../i18n/languages.ts';

/** PLACEHOLDER of the foundation (issue 40.1 builds it): account settings › two-step sign-in (TOTP, recovery codes, remembered devices). */
export default function TwoFactorSection(_props: { lang: Language }) {
  return null;
}
