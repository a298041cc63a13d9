import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';
import { primaryButton, secondaryButton } from '../ui/buttons.ts';

interface Props {
  lang: Language;
  /** The worker's own offers waiting for an answer, with their text already formatted by the page. */
  offers: readonly { id: number; text: string }[];
}

/** The personal area's offers of voluntary complementary hours (decision 081): accept or decline each, once. */
export default function OfferAnswers({ lang, offers }: Props) {
  const t = translator(lang);
  const { run, running } = useApiAction<number>(lang);
  const answer = (id: number, value: 'accept' | 'decline') =>
    run(() => api('POST /api/personal/complementary-offers/{id}', { params: [id], body: { answer: value }, lang }), { key: id, success: 'flash', then: 'reload' });
  return (
    <ul className="flex flex-col gap-3 text-sm">
      {offers.map((o) => (
        <li key={o.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="offer-to-answer">
          <span>{o.text}</span>
          <span className="flex gap-2">
            <button type="button" className={primaryButton} disabled={running !== null} onClick={() => void answer(o.id, 'accept')}>
              {t('complementary.accept')}
            </button>
            <button type="button" className={secondaryButton} disabled={running !== null} onClick={() => void answer(o.id, 'decline')}>
              {t('complementary.decline')}
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
