import { Briefcase, Coffee, LogIn, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ClockAction } from '#domain/clock/clock-engine.ts';
import { KIOSK_ACTIONS } from './kiosk-model.ts';
import type { Translate } from '../ui/machine-text.ts';

const ICONS: Record<ClockAction, ReactNode> = {
  'check-in': <LogIn size={40} aria-hidden="true" />,
  'break-in': <Coffee size={40} aria-hidden="true" />,
  'break-out': <Briefcase size={40} aria-hidden="true" />,
  'check-out': <LogOut size={40} aria-hidden="true" />,
};

/** The four big actions; `highlighted` rings them while a badge read waits for one. */
export function ActionButtons({ t, highlighted, onChoose }: { t: Translate; highlighted: boolean; onChoose: (action: ClockAction) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {KIOSK_ACTIONS.map(({ action, label, tone }) => (
        <button
          key={action}
          type="button"
          onClick={() => onChoose(action)}
          className={`flex min-h-32 flex-col items-center justify-center gap-3 rounded-3xl px-3 py-5 text-xl font-semibold shadow-sm transition active:scale-[0.98] sm:min-h-40 sm:text-2xl md:min-h-52 md:text-3xl ${tone} ${highlighted ? 'ring-4 ring-primary ring-offset-2 ring-offset-page' : ''}`}
          data-testid={`clock-action-${action}`}
        >
          {ICONS[action]}
          <span className="text-center leading-tight">{t(label)}</span>
        </button>
      ))}
    </div>
  );
}
