import { Delete } from 'lucide-react';
import { PIN_MAX, PIN_MIN } from './kiosk-model.ts';

interface Props {
  pin: string;
  busy: boolean;
  labels: { enterPin: string; hint: string; entered: string; del: string; ok: string };
  onDigit: (digit: string) => void;
  onDelete: () => void;
  onSubmit: () => void;
}

const key =
  'grid h-16 place-items-center rounded-2xl border border-line bg-card text-3xl font-semibold tabular-nums shadow-sm transition active:scale-95 hover:border-primary hover:text-accent disabled:opacity-50 sm:h-20';

/** The on-screen keypad: digits are never shown, only as many dots as typed (6-10). */
export function PinPad({ pin, busy, labels, onDigit, onDelete, onSubmit }: Props) {
  return (
    <div className="mx-auto flex w-full max-w-sm flex-col gap-5" data-testid="pin-pad">
      <div className="text-center">
        {/* Takes the focus when the pad opens (ClockKiosk): digits typed go to the PIN, Tab reaches the keys. */}
        <p className="text-2xl font-semibold focus:outline-none" tabIndex={-1} data-stage-focus>
          {labels.enterPin}
        </p>
        <p className="text-sm text-muted">{labels.hint}</p>
      </div>
      <div className="flex h-12 items-center justify-center gap-2 rounded-2xl border border-field bg-card px-4" role="status" aria-label={labels.entered} data-testid="pin-dots" data-count={pin.length}>
        {Array.from({ length: Math.max(PIN_MIN, pin.length) }, (_, i) => (
          <span key={i} className={`h-4 w-4 rounded-full ${i < pin.length ? 'bg-ink' : 'border-2 border-field'}`} aria-hidden="true" />
        ))}
      </div>
      <div className="grid grid-cols-3 gap-3">
        {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => (
          <button key={d} type="button" className={key} disabled={busy || pin.length >= PIN_MAX} onClick={() => onDigit(d)} data-testid={`pin-key-${d}`}>
            {d}
          </button>
        ))}
        <button type="button" className={key} disabled={busy || pin.length === 0} onClick={onDelete} aria-label={labels.del} data-testid="pin-delete">
          <Delete size={30} aria-hidden="true" />
        </button>
        <button type="button" className={key} disabled={busy || pin.length >= PIN_MAX} onClick={() => onDigit('0')} data-testid="pin-key-0">
          0
        </button>
        <button
          type="button"
          className={`${key} border-transparent bg-primary text-neutral hover:border-transparent hover:bg-primary-deep hover:text-neutral`}
          disabled={busy || pin.length < PIN_MIN}
          onClick={onSubmit}
          data-testid="pin-ok"
        >
          {labels.ok}
        </button>
      </div>
    </div>
  );
}
