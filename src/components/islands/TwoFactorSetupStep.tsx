import type { Language } from '../../i18n/languages.ts';

interface Props {
  lang: Language;
  redirectUrl?: string | undefined;
  ticket: string;
  onRestart: (message?: string) => void;
}

/** PLACEHOLDER of the foundation (issue 40.1 builds it): set-up of TOTP required by the company, at sign-in. */
export default function TwoFactorSetupStep(_props: Props) {
  return <div data-testid="two-factor-setup-step" />;
}
