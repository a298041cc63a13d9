import type { TerminalMethod } from './terminal-rules.ts';
import type { TerminalStatus } from './terminal-status.ts';

/** i18n keys of a terminal's methods and states (one map, so every screen says the same). */
export const TERMINAL_METHOD_LABELS: Record<TerminalMethod, string> = {
  face: 'terminals.method.face',
  pin: 'terminals.method.pin',
  badge: 'terminals.method.badge',
};

export const TERMINAL_STATUS_LABELS: Record<TerminalStatus, string> = {
  online: 'terminals.state.online',
  silent: 'terminals.state.silent',
  unpaired: 'terminals.state.unpaired',
  revoked: 'terminals.state.revoked',
};
