import { useEffect, useState } from 'react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { inputClass } from '../ui/buttons.ts';

interface Attribution {
  name: string;
  version: string;
  license: string;
  author: string | null;
}

/** The open-source packages shipped with the app and their licences (generated at build). */
export function AttributionsList({ lang }: { lang: Language }) {
  const t = translator(lang);
  const [items, setItems] = useState<Attribution[] | null>(null);
  const [q, setQ] = useState('');
  useEffect(() => {
    fetch('/attributions.json')
      .then((r) => (r.ok ? r.json() : []))
      .then(setItems)
      .catch(() => setItems([]));
  }, []);
  if (!items) return <p className="text-muted">{t('common.loading')}</p>;
  const shown = items.filter((i) => i.name.toLowerCase().includes(q.toLowerCase()) || i.license.toLowerCase().includes(q.toLowerCase()));
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">{t('settings.attributionsIntro', { count: items.length })}</p>
      <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('table.search')} aria-label={t('table.search')} className={inputClass} />
      <ul className="max-h-[28rem] divide-y divide-line overflow-y-auto rounded-xl border border-line text-sm" data-testid="attributions">
        {shown.map((i) => (
          <li key={`${i.name}@${i.version}`} className="flex flex-wrap justify-between gap-2 px-4 py-2">
            <span>
              <span className="font-medium">{i.name}</span> <span className="text-muted">{i.version}</span>
              {i.author && <span className="block text-xs text-muted">{i.author}</span>}
            </span>
            <span className="rounded-full bg-primary-subtle px-2 py-0.5 text-xs font-semibold text-accent">{i.license}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
