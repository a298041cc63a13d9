import { parseTerminalMethods } from '../../db/stored-formats.ts';
import { terminalState, type TerminalMethod, type TerminalState } from '#domain/terminals/terminal-rules.ts';

/** A terminal as the admin API answers it (never a hash or the credential). */
export interface TerminalView {
  _id: number;
  name: string;
  location: string;
  methods: TerminalMethod[];
  state: TerminalState;
  pairedAt: string | null;
  pairingExpiresAt: string | null;
  revokedAt: string | null;
  lastSeenAt: string | null;
  /** The last offline sequence number received (decision 046); an administrator may reset it. */
  lastSeq: number;
  /** The kiosk shows the door QR code (decision 069). */
  doorCode: boolean;
  createdAt: string;
  punchesToday?: number;
}

export function terminalView(row: {
  id: number;
  name: string;
  location: string;
  methods: string;
  pairedAt: string | null;
  pairingExpiresAt: string | null;
  revokedAt: string | null;
  lastSeenAt: string | null;
  lastSeq?: number | null;
  doorCode?: number | null;
  createdAt: string;
  punchesToday?: number | string | null;
}): TerminalView {
  return {
    _id: row.id,
    name: row.name,
    location: row.location,
    methods: parseTerminalMethods(row.methods),
    state: terminalState(row),
    pairedAt: row.pairedAt,
    pairingExpiresAt: row.revokedAt === null ? row.pairingExpiresAt : null,
    revokedAt: row.revokedAt,
    lastSeenAt: row.lastSeenAt,
    lastSeq: Number(row.lastSeq ?? 0),
    doorCode: Number(row.doorCode ?? 0) === 1,
    createdAt: row.createdAt,
    ...(row.punchesToday !== undefined ? { punchesToday: Number(row.punchesToday ?? 0) } : {}),
  };
}
