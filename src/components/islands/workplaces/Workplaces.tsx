import { useState } from 'react';
import { toast } from 'sonner';
import type { WorkplaceView } from '#domain/clock/proof-of-place.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';
import { AppToaster } from '../ui/AppToaster.tsx';
import { dangerButton, inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';

interface Draft {
  id: number | null;
  name: string;
  lat: string;
  lng: string;
  radiusM: string;
  companyId: string;
}

const blank = (companyId: number | null): Draft => ({ id: null, name: '', lat: '', lng: '', radiusM: '100', companyId: companyId === null ? '' : String(companyId) });

/**
 * Workplaces for proof of place (decision 068): a name, a centre and a radius in metres, typed or
 * taken from the browser's position while the admin stands there. No map: the coordinates are the
 * truth. A SuperAdmin chooses the company; an Admin's is its own (the server decides either way).
 */
export default function Workplaces(props: { lang: Language; initial: WorkplaceView[]; canUpdate: boolean; companies: { id: number; name: string }[]; ownCompanyId: number | null }) {
  const t = translator(props.lang);
  const [rows, setRows] = useState(props.initial);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { run, busy } = useApiAction(props.lang);
  const chooseCompany = props.companies.length > 1;

  const reload = async () => setRows((await api('GET /api/workplaces', { lang: props.lang })).data);

  function useMyPosition() {
    if (!navigator.geolocation) {
      toast.error(t('proofOfPlace.positionUnavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => setDraft((d) => d && { ...d, lat: p.coords.latitude.toFixed(6), lng: p.coords.longitude.toFixed(6) }),
      () => toast.error(t('proofOfPlace.positionUnavailable')),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  }

  async function save() {
    if (!draft) return;
    setErrors({});
    const body = {
      name: draft.name,
      lat: Number(draft.lat.replace(',', '.')),
      lng: Number(draft.lng.replace(',', '.')),
      radiusM: Number(draft.radiusM),
      ...(draft.id === null && draft.companyId !== '' ? { companyId: Number(draft.companyId) } : {}),
    };
    await run(() => (draft.id === null ? api('POST /api/workplaces', { body, lang: props.lang }) : api('PATCH /api/workplaces/{id}', { params: [draft.id], body, lang: props.lang })), {
      success: 'toast',
      onFieldErrors: setErrors,
      then: async () => {
        setDraft(null);
        await reload();
      },
    });
  }

  async function remove(row: WorkplaceView) {
    if (!window.confirm(t('proofOfPlace.deleteConfirm', { name: row.name }))) return;
    await run(() => api('DELETE /api/workplaces/{id}', { params: [row.id], lang: props.lang }), { success: 'toast', then: reload });
  }

  const field = (name: keyof Draft, label: string, inputMode: 'text' | 'decimal' | 'numeric' = 'text') => (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <input
        className={inputClass}
        inputMode={inputMode}
        value={draft?.[name] ?? ''}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(e) => setDraft((d) => d && { ...d, [name]: e.target.value })}
        data-testid={`workplace-${name}`}
      />
      {errors[name] && <span className="text-xs text-red-700">{errors[name]}</span>}
    </label>
  );

  return (
    <div className="flex flex-col gap-4">
      <AppToaster />
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t('proofOfPlace.empty')}</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-card" data-testid="workplaces">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <span>
                <span className="font-medium">{row.name}</span>
                <span className="block text-xs tabular-nums text-muted">
                  {row.lat.toFixed(6)}, {row.lng.toFixed(6)} · {row.radiusM} m{chooseCompany ? ` · ${row.companyName}` : ''}
                </span>
              </span>
              {props.canUpdate && (
                <span className="flex gap-2">
                  <button
                    type="button"
                    className={secondaryButton}
                    onClick={() => setDraft({ id: row.id, name: row.name, lat: String(row.lat), lng: String(row.lng), radiusM: String(row.radiusM), companyId: String(row.companyId) })}
                  >
                    {t('proofOfPlace.edit')}
                  </button>
                  <button type="button" className={dangerButton} onClick={() => void remove(row)}>
                    {t('proofOfPlace.delete')}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {props.canUpdate && !draft && (
        <button type="button" className={`${primaryButton} self-start`} onClick={() => setDraft(blank(props.ownCompanyId ?? props.companies[0]?.id ?? null))} data-testid="workplace-add">
          {t('proofOfPlace.add')}
        </button>
      )}
      {draft && (
        <form
          className="grid max-w-xl gap-3 rounded-2xl border border-line bg-card p-4 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="sm:col-span-2">{field('name', t('proofOfPlace.name'))}</div>
          {chooseCompany && draft.id === null && (
            <label className="flex flex-col gap-1 text-sm sm:col-span-2">
              <span className="font-medium">{t('proofOfPlace.company')}</span>
              <select className={inputClass} value={draft.companyId} onChange={(e) => setDraft({ ...draft, companyId: e.target.value })}>
                {props.companies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {field('lat', t('proofOfPlace.lat'), 'decimal')}
          {field('lng', t('proofOfPlace.lng'), 'decimal')}
          <button type="button" className={`${secondaryButton} sm:col-span-2`} onClick={useMyPosition} data-testid="workplace-use-position">
            {t('proofOfPlace.useMyPosition')}
          </button>
          {field('radiusM', t('proofOfPlace.radius'), 'numeric')}
          <div className="flex items-end gap-2">
            <button type="submit" className={primaryButton} disabled={busy} data-testid="workplace-save">
              {t('proofOfPlace.save')}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setDraft(null)}>
              {t('proofOfPlace.cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
