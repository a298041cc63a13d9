import { useEffect, useState } from 'react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { primaryButton, secondaryButton } from '../ui/buttons.ts';
import type { ShiftTemplateDto } from './roster-dto.ts';

interface Props {
  lang: Language;
  open: boolean;
  department: number;
  templates: ShiftTemplateDto[];
  onClose: () => void;
  onSaved: () => void;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
// 2026-11-30 is a Monday: weekday n is that date plus n − 1 days, named in the UI language.
const weekdayName = (locale: string, n: number) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 29 + n, 12)));

/** The department's coverage needs: staff wanted per template and ISO weekday, saved as one PUT. */
export function CoverageDialog({ lang, open, department, templates, onClose, onSaved }: Props) {
  const t = translator(lang);
  const locale = lang === 'es' ? 'es-ES' : 'en-GB';
  const [needs, setNeeds] = useState<Record<string, string>>({});
  const { run, busy } = useApiAction(lang);
  const active = templates.filter((tpl) => !tpl.archived);

  useEffect(() => {
    if (!open) return;
    void api('GET /api/roster/coverage', { query: { department }, lang }).then((a) => setNeeds(Object.fromEntries(a.data.map((n) => [`${n.template}:${n.weekday}`, String(n.staff)]))));
  }, [open, department, lang]);

  function save() {
    const list = active.flatMap((tpl) => WEEKDAYS.map((weekday) => ({ template: tpl._id, weekday, staff: Number(needs[`${tpl._id}:${weekday}`] || 0) })));
    void run(() => api('PUT /api/roster/coverage', { lang, body: { department, needs: list } }), {
      then: () => {
        onSaved();
        onClose();
      },
    });
  }

  return (
    <Dialog open={open} title={t('rosterGrid.coverageNeedsTitle')} onClose={onClose} closeLabel={t('common.close')} size="lg">
      <div className="flex flex-col gap-4" data-testid="coverage-dialog">
        <p className="text-sm text-muted">{t('rosterGrid.coverageNeedsIntro')}</p>
        {active.length === 0 ? (
          <p className="text-sm">{t('rosterGrid.noTemplates')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('rosterGrid.coverageNeedsTitle')}</caption>
              <thead>
                <tr className="text-xs text-muted">
                  <th scope="col" className="px-2 py-1 text-start font-medium">
                    {t('rosterGrid.template')}
                  </th>
                  {WEEKDAYS.map((n) => (
                    <th key={n} scope="col" className="px-1 py-1 font-medium capitalize">
                      {weekdayName(locale, n)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {active.map((tpl) => (
                  <tr key={tpl._id}>
                    <th scope="row" className="px-2 py-1 text-start font-medium">
                      {tpl.name}
                    </th>
                    {WEEKDAYS.map((n) => (
                      <td key={n} className="px-1 py-1">
                        <input
                          type="number"
                          min={0}
                          max={999}
                          inputMode="numeric"
                          aria-label={t('rosterGrid.coverageCell', { name: tpl.name, day: weekdayName(locale, n) })}
                          className="control w-14 rounded-lg border border-field bg-card px-2 text-center text-sm"
                          value={needs[`${tpl._id}:${n}`] ?? ''}
                          placeholder="0"
                          onChange={(e) => setNeeds({ ...needs, [`${tpl._id}:${n}`]: e.target.value })}
                          data-testid="coverage-need"
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('form.cancel')}
          </button>
          <button type="button" className={primaryButton} disabled={busy || active.length === 0} onClick={save} data-testid="coverage-save">
            {t('form.save')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
