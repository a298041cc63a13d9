import { useEffect, useState } from 'react';
import { QrCode } from 'lucide-react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import type { AnswerOf } from '#domain/api/contract.ts';
import type { ApiContracts } from '#domain/api/contracts/index.ts';

/** What `GET /api/clock/door-code` answers (its contract). */
type DoorCodeAnswer = AnswerOf<ApiContracts['GET /api/clock/door-code']>;

/** After a failure (network, server), ask again this soon. */
const RETRY_MS = 5_000;

/**
 * The door QR code on a paired kiosk (decision 069): the terminal asks the server for its current
 * code with its credential (the HttpOnly cookie) and draws `<origin>/personal/clock?door=<code>`
 * as an SVG with `qrcode`, asking again when the code changes (every 30 s). A worker scans it with
 * the phone's camera and punches from their personal clock, on site at this terminal. Black on
 * white in dark mode too: phone cameras read dark-on-light.
 */
export default function DoorCode(props: { lang: Language }) {
  const t = translator(props.lang);
  const [shown, setShown] = useState<{ code: string; svg: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void load(), ms);
    };
    async function load() {
      try {
        const res = await fetch('/api/clock/door-code', { headers: { accept: 'application/json' }, cache: 'no-store' });
        // A revoked or replaced terminal: the clock page shows why (the heartbeat does the same).
        if (res.status === 401) return window.location.reload();
        if (!res.ok) throw new Error(String(res.status));
        const answer = (await res.json()) as DoorCodeAnswer;
        const qr = await import('qrcode');
        const svg = await qr.toString(new URL(answer.path, window.location.origin).href, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
        if (!live) return;
        setShown({ code: answer.code, svg });
        setFailed(false);
        next(Math.max(1, answer.refreshIn) * 1000 + 250);
      } catch {
        if (!live) return;
        setFailed(true);
        next(RETRY_MS);
      }
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  return (
    <section className="mx-auto flex w-full max-w-md flex-col items-center gap-3 rounded-2xl border border-line bg-card p-5 text-center" aria-labelledby="door-code-title" data-testid="door-code">
      <h2 id="door-code-title" className="flex items-center gap-2 text-lg font-semibold">
        <QrCode size={20} aria-hidden="true" />
        {t('doorCode.scanTitle')}
      </h2>
      <div className="h-56 w-56 rounded-xl bg-white p-1" role="img" aria-label={t('doorCode.qrAlt')} data-testid="door-qr" data-code={shown?.code ?? ''}>
        {shown && <div className="h-full w-full [&>svg]:h-full [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: shown.svg }} />}
      </div>
      <p className="text-sm text-muted">{failed ? t('doorCode.unavailable') : t('doorCode.scanHint')}</p>
    </section>
  );
}
