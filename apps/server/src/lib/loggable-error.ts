/**
 * What the log may keep of a failed request's error: where it failed and why, never what the member sent.
 * A database error's message can quote the value it refused ("invalid input syntax for type uuid: ..."),
 * drizzle's wrapper lists every parameter of the statement, and V8's JSON errors quote the text; so these
 * keep only their class, SQLSTATE, routine, constraint and the statement (whose values are parameters),
 * and every error keeps its stack frames without the message line.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const fields = error as Error & Record<string, unknown>;
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  const fromDatabase =
    code !== undefined && /^[0-9A-Z]{5}$/.test(code) && ('severity' in fields || 'routine' in fields);
  const failedQuery = 'params' in fields && typeof fields.query === 'string';
  const quotesInput = fromDatabase || failedQuery || error instanceof SyntaxError;
  return {
    // drizzle's wrapper keeps the name "Error": its class says more.
    type: error.name === 'Error' ? error.constructor.name : error.name,
    ...(quotesInput ? {} : { message: error.message.slice(0, 300) }),
    ...(code ? { code } : {}),
    ...(fromDatabase
      ? {
          routine: fields.routine,
          constraint: fields.constraint ?? fields.constraint_name,
          table: fields.table ?? fields.table_name,
          column: fields.column ?? fields.column_name,
        }
      : {}),
    ...(failedQuery ? { query: fields.query } : {}),
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
    ...(error.cause !== undefined && depth < 3 ? { cause: loggableError(error.cause, depth + 1) } : {}),
  };
}
