import type { Language } from '../../i18n/languages.ts';

interface Props {
  lang: Language;
  redirectUrl?: string | undefined;
}

/** PLACEHOLDER of the foundation (issue 40.2 builds it): "Sign in with a passkey" under the password form. */
export default function PasskeySignIn(_props: Props) {
  return null;
}

/** PLACEHOLDER of the foundation (issue 40.2 builds it): the passkey as the sign-in's second factor (SecondFactorStep renders it). */
export function PasskeySecondFactor(_props: { lang: Language; redirectUrl?: string | undefined; ticket: string; rememberDevice: boolean; onRestart: (message?: string) => void }) {
  return null;
}
