// The JSON log lines `npm start` writes before the server's chunk is loaded (the build
// announcement, a refused or failed build, a chunk that does not load): pino with the format of
// src/server/log-options.ts (level, ISO time, pid, msg), written synchronously. Plain JavaScript on
// purpose: importing the TypeScript start-up logger here would load Node's type stripper, ~150 ms
// on every start (decision 041); that one is used only on the slow path, before a build.
import pino from 'pino';

const level = process.env.LOG_LEVEL;
export const startLog = pino(
  {
    level: level === 'silent' || Object.hasOwn(pino.levels.values, level ?? '') ? level : 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  },
  pino.destination({ dest: 1, sync: true }),
);
