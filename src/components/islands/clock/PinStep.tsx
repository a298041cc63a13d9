import type { ClockAction } from '#domain/clock/clock-engine.ts';
import { secondaryButton } from '../ui/buttons.ts';
import type { KioskText } from './kiosk-machine.ts';
import { actionLabel } from './kiosk-model.ts';
import { showText, type Translate } from '../ui/machine-text.ts';
import { PinPad } from './PinPad.tsx';

/** The PIN step: why not the face (notice), a wrong PIN (error), the keypad, and Cancel. */
export function PinStep(props: {
  t: Translate;
  action: ClockAction;
  notice: KioskText | null;
  error: KioskText | null;
  pin: string;
  onDigit: (digit: string) => void;
  onDelete: () => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { t, pin } = props;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-center text-lg font-semibold text-muted">{t(actionLabel(props.action))}</p>
      {props.notice && (
        <p className="mx-auto max-w-md rounded-2xl bg-amber-100 px-4 py-3 text-center font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100" role="alert" data-testid="pin-notice">
          {showText(t, props.notice)}
        </p>
      )}
      {props.error && (
        <p className="mx-auto max-w-md rounded-2xl bg-red-100 px-4 py-3 text-center font-medium text-red-900 dark:bg-red-950 dark:text-red-100" role="alert" data-testid="pin-error">
          {showText(t, props.error)}
        </p>
      )}
      <PinPad
        pin={pin}
        busy={false}
        labels={{ enterPin: t('kiosk.enterPin'), hint: t('kiosk.pinHint'), entered: t('kiosk.pinEntered', { count: pin.length }), del: t('kiosk.delete'), ok: t('kiosk.ok') }}
        onDigit={props.onDigit}
        onDelete={props.onDelete}
        onSubmit={props.onSubmit}
      />
      <button type="button" className={`${secondaryButton} mx-auto h-12 px-6`} onClick={props.onCancel} data-testid="kiosk-cancel">
        {t('kiosk.cancel')}
      </button>
    </div>
  );
}
