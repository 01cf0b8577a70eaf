/** The SQLSTATE of a database error, from either driver, also when Drizzle wraps it (its `cause`). */
function sqlState(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A row refers to one that is gone (foreign_key_violation). */
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';
