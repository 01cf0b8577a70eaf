/** A figure the stress run prints for the record (kept in CI's log). */
export const report = (line: string) => process.stdout.write(`[stress] ${line}\n`);
