import '../../public/record-format/verify-record.js';

/** The standalone verifier (public/record-format/verify-record.js) as it puts itself on globalThis. */
export interface VerifierProblem {
  where: string;
  what: string;
}
export interface VerifierResult {
  ok: boolean;
  entries: number;
  items: number;
  seal: string | null;
  problems: VerifierProblem[];
}
interface Verifier {
  verifyExport(doc: unknown): Promise<VerifierResult>;
  canonicalJson(value: unknown): string;
  sha256Hex(text: string): Promise<string>;
  sha256Fallback(text: string): string;
}

export const verifier = (globalThis as unknown as { JornadaRecordVerifier: Verifier }).JornadaRecordVerifier;
