import { useEffect, useState } from 'react';
import { Plane } from 'lucide-react';
import { formatLocalDate } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import type { LeaveDto } from '#domain/api/records.ts';

type LeaveRow = Pick<LeaveDto, '_id' | 'employeeName' | 'leaveTypeName' | 'from' | 'to'>;

/**
 * Who is on approved leave in the list's period (an employee on leave has no attendance, and is
 * neither late nor absent). Shown only when a period is chosen and the role may read leave.
 */
export function OnLeavePanel(props: { lang: Language; from: string; to: string; employee: string; department: string }) {
  const t = translator(props.lang);
  const [rows, setRows] = useState<LeaveRow[]>([]);
  const from = props.from || props.to;
  const to = props.to || props.from;
  useEffect(() => {
    if (!from) return setRows([]);
    const query = { status: 'approved', from, to, pageSize: 100, sort: 'from', employee: props.employee || undefined, department: props.department || undefined };
    let live = true;
    api('GET /api/leaves', { query, lang: props.lang })
      .then((res) => live && setRows(res.data))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [from, to, props.employee, props.department]); // eslint-disable-line react-hooks/exhaustive-deps -- the language is fixed for the page (a switch reloads it)
  if (rows.length === 0) return null;
  return (
    <section className="mb-4 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100" aria-label={t('attendance.onLeaveTitle')} data-testid="on-leave">
      <h2 className="mb-2 flex items-center gap-2 font-semibold">
        <Plane size={16} aria-hidden="true" />
        {t('attendance.onLeaveTitle')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {rows.map((r) => (
          <li key={r._id} className="rounded-full bg-white/70 px-3 py-1 dark:bg-black/30">
            <span className="font-medium">{r.employeeName}</span> · {r.leaveTypeName} · {formatLocalDate(r.from, props.lang)}–{formatLocalDate(r.to, props.lang)}
          </li>
        ))}
      </ul>
    </section>
  );
}
