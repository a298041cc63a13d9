import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';

/** "Remember this device for 30 days": the second factor is not asked again in this browser (decision 090). */
export function RememberDevice({ lang, checked, onChange }: { lang: Language; checked: boolean; onChange: (checked: boolean) => void }) {
  const t = translator(lang);
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-4 w-4 accent-primary" data-testid="remember-device" />
      {t('twoFactor.remember')}
    </label>
  );
}
