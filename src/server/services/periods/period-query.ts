/** The close screen's `department` query value: a positive integer, else none (every department). */
export function departmentParam(value: string | null): number | undefined {
  const n = Number(value);
  return value !== null && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
