import { useCallback } from 'react';
import { MonitorSmartphone } from 'lucide-react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { useTerminalHeartbeat } from './use-terminal-heartbeat.ts';

/**
 * The paired terminal's name on the kiosk, and its heartbeat (decision 042). When the server
 * stops knowing the credential (revoked), the clock page reloads and shows the revoked screen.
 */
export default function PairingStatus(props: { lang: Language; name: string; location: string | null }) {
  const t = translator(props.lang);
  const lost = useCallback(() => window.location.reload(), []);
  useTerminalHeartbeat(true, lost);
  return (
    <p className="flex items-center justify-center gap-2 text-sm text-muted" data-testid="kiosk-terminal">
      <MonitorSmartphone size={16} aria-hidden="true" />
      <span>
        {t('terminals.kioskName', { name: props.name })}
        {props.location && <span> · {props.location}</span>}
      </span>
    </p>
  );
}
