import type { InferOutput } from 'valibot';
import type { SessionUserRecord } from './sign-in-contract.ts';

/** The session user of the login and sign-up answers (docs/architecture.md API table), also kept by the browser. */
export type SessionUserDto = InferOutput<typeof SessionUserRecord>;
