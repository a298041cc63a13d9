import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Printer, X } from 'lucide-react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { primaryButton, secondaryButton } from '../ui/buttons.ts';

export interface SheetEntry {
  _id: number;
  name: string;
  /** Null: the worker has no address and types one when creating the account (issue 37). */
  email: string | null;
  url: string;
}

/**
 * The printable invitation sheet (decision 066): one card per worker with a QR code of their
 * one-time link (npm `qrcode`, SVG, loaded only here), their name, the address they will sign in
 * with and the expiry. Shown over the page; printing prints only the sheet (global.css).
 */
export function InvitationSheet({ lang, entries, expiresOn, onClose }: { lang: Language; entries: SheetEntry[]; expiresOn: string; onClose: () => void }) {
  const t = translator(lang);
  const [codes, setCodes] = useState<Record<number, string>>({});

  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (qr) => {
      const pairs = await Promise.all(entries.map(async (e) => [e._id, await qr.toString(e.url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })] as const));
      if (live) setCodes(Object.fromEntries(pairs));
    });
    return () => {
      live = false;
    };
  }, [entries]);

  return createPortal(
    <div id="invitation-sheet" className="fixed inset-0 z-50 overflow-auto bg-white p-4 text-black sm:p-8" role="dialog" aria-modal="true" aria-labelledby="invitation-sheet-title" data-testid="invitation-sheet">
      <div className="mx-auto max-w-4xl">
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="invitation-sheet-title" className="text-2xl font-semibold">
              {t('invitations.sheetTitle')}
            </h2>
            <p className="mt-1 text-sm text-gray-700">{t('invitations.sheetIntro')}</p>
          </div>
          <div className="flex gap-2 print:hidden">
            <button type="button" className={primaryButton} onClick={() => window.print()}>
              <Printer size={16} aria-hidden="true" />
              {t('invitations.print')}
            </button>
            <button type="button" className={secondaryButton} onClick={onClose} data-testid="close-sheet">
              <X size={16} aria-hidden="true" />
              {t('common.close')}
            </button>
          </div>
        </div>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {entries.map((e) => (
            <li key={e._id} className="flex break-inside-avoid items-center gap-4 rounded-xl border border-gray-300 p-4" data-testid="sheet-entry">
              <div className="h-32 w-32 shrink-0 [&>svg]:h-full [&>svg]:w-full" role="img" aria-label={e.name} dangerouslySetInnerHTML={codes[e._id] ? { __html: codes[e._id]! } : undefined} />
              <div className="min-w-0">
                <p className="text-lg font-semibold">{e.name}</p>
                <p className="text-sm break-all text-gray-700">{e.email ?? t('invitations.sheetNoEmail')}</p>
                <p className="mt-2 text-xs text-gray-600">{t('invitations.sheetExpires', { date: expiresOn })}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>,
    document.body,
  );
}
