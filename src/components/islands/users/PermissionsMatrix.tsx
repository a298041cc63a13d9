import { useEffect, useRef } from 'react';
import { ACTION_LABELS, RESOURCE_LABELS } from '#domain/permissions/labels.ts';
import { ACTIONS, RESOURCES, normalizePermissions, type Action, type Permissions, type Resource } from '#domain/permissions/permissions.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';

/** A checkbox that also shows "some but not all" (indeterminate) for row and column toggles. */
function Box(props: { checked: boolean; mixed?: boolean; label: string; disabled?: boolean; onChange: (checked: boolean) => void; testId?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = !!props.mixed;
  }, [props.mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="h-5 w-5 cursor-pointer accent-[var(--primary)] disabled:cursor-default"
      checked={props.checked}
      aria-checked={props.mixed ? 'mixed' : props.checked}
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.checked)}
      data-testid={props.testId}
    />
  );
}

/**
 * The permissions matrix of a role (spec section 3, "Role"): one row per area, one column per
 * action, a checkbox per cell, and a toggle for a whole row and a whole column. Controlled:
 * `value` in, a normalised `Permissions` out through `onChange`.
 */
export function PermissionsMatrix(props: { lang: Language; value: Permissions; onChange: (next: Permissions) => void; disabled?: boolean }) {
  const t = translator(props.lang);
  const has = (r: Resource, a: Action) => props.value[r]?.includes(a) ?? false;

  const set = (cells: ReadonlyArray<readonly [Resource, Action]>, on: boolean) => {
    const next: Record<string, Action[]> = Object.fromEntries(RESOURCES.map((r) => [r, [...(props.value[r] ?? [])]]));
    for (const [r, a] of cells) {
      const list = next[r]!;
      if (on && !list.includes(a)) list.push(a);
      if (!on) next[r] = list.filter((x) => x !== a);
    }
    props.onChange(normalizePermissions(next));
  };

  const rowCells = (r: Resource) => ACTIONS.map((a) => [r, a] as const);
  const columnCells = (a: Action) => RESOURCES.map((r) => [r, a] as const);
  const count = (cells: ReadonlyArray<readonly [Resource, Action]>) => cells.filter(([r, a]) => has(r, a)).length;
  const allCells = RESOURCES.flatMap(rowCells);
  const granted = count(allCells);

  return (
    <div className="overflow-x-auto rounded-xl border border-line sm:overflow-visible" data-testid="permissions-matrix">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('roles.permissions')}</caption>
        {/* The header sticks to the top of the dialog while the areas scroll (from sm up, where the matrix fits). */}
        <thead className="sm:sticky sm:top-0 sm:z-10">
          <tr className="bg-card shadow-[0_1px_0_var(--surface-line)]">
            <th scope="col" className="px-3 py-2 text-start text-xs font-semibold uppercase tracking-wide text-muted">
              {t('roles.area')}
            </th>
            {ACTIONS.map((a) => {
              const n = count(columnCells(a));
              return (
                <th key={a} scope="col" className="px-2 py-2 text-center text-xs font-semibold uppercase tracking-wide text-muted">
                  <div className="flex flex-col items-center gap-1.5">
                    <span>{t(ACTION_LABELS[a])}</span>
                    <Box
                      checked={n === RESOURCES.length}
                      mixed={n > 0 && n < RESOURCES.length}
                      label={t('roles.toggleColumn', { action: t(ACTION_LABELS[a]) })}
                      disabled={props.disabled}
                      onChange={(on) => set(columnCells(a), on)}
                      testId={`matrix-column-${a}`}
                    />
                  </div>
                </th>
              );
            })}
            <th scope="col" className="border-s border-line px-2 py-2 text-center text-xs font-semibold uppercase tracking-wide text-muted">
              <div className="flex flex-col items-center gap-1.5">
                <span>{t('roles.allActions')}</span>
                <Box
                  checked={granted === allCells.length}
                  mixed={granted > 0 && granted < allCells.length}
                  label={t('roles.toggleAll')}
                  disabled={props.disabled}
                  onChange={(on) => set(allCells, on)}
                  testId="matrix-all"
                />
              </div>
            </th>
          </tr>
        </thead>
        <tbody>
          {RESOURCES.map((r) => {
            const area = t(RESOURCE_LABELS[r]);
            const n = count(rowCells(r));
            return (
              <tr key={r} className="border-b border-line last:border-0 hover:bg-primary-subtle/30">
                <th scope="row" className="px-3 py-2 text-start font-medium">
                  {area}
                </th>
                {ACTIONS.map((a) => (
                  <td key={a} className="px-2 py-2 text-center">
                    <Box checked={has(r, a)} label={t('roles.cell', { action: t(ACTION_LABELS[a]), area })} disabled={props.disabled} onChange={(on) => set([[r, a]], on)} testId={`matrix-${r}-${a}`} />
                  </td>
                ))}
                <td className="border-s border-line px-2 py-2 text-center">
                  <Box
                    checked={n === ACTIONS.length}
                    mixed={n > 0 && n < ACTIONS.length}
                    label={t('roles.toggleRow', { area })}
                    disabled={props.disabled}
                    onChange={(on) => set(rowCells(r), on)}
                    testId={`matrix-row-${r}`}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
