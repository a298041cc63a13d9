import type { Language } from '../../i18n/languages.ts';
import type { SecondFactorMethod } from '../../domain/auth/sign-in-contract.ts';

interface Props {
  lang: Language;
  redirectUrl?: string | undefined;
  ticket: string;
  methods: SecondFactorMethod[];
  /** Back to the password form, with a message when the ticket expired. */
  onRestart: (message?: string) => void;
}

/** PLACEHOLDER of the foundation (issue 40.1 builds it): the sign-in's second step. */
export default function SecondFactorStep(_props: Props) {
  return <div data-testid="second-factor-step" />;
}
