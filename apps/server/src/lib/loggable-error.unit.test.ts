import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error.ts';

const SECRET = 'my private message to a sister';

/** A database error as the drivers raise it: its message and detail quote the refused value. */
function databaseError() {
  return Object.assign(new Error(`invalid input syntax for type uuid: "${SECRET}"`), {
    severity: 'ERROR',
    code: '22P02',
    routine: 'string_to_uuid',
    detail: `Key (content)=(${SECRET}) already exists.`,
  });
}

describe('errors in the log', () => {
  it('keep the statement, the SQLSTATE and the routine, never the parameters or the quoted value', () => {
    const error = new DrizzleQueryError('insert into "messages" ("content") values ($1)', [SECRET], databaseError());
    const logged = loggableError(error);
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'insert into "messages" ("content") values ($1)',
      cause: { code: '22P02', routine: 'string_to_uuid' },
    });
    expect(String(logged.stack)).toContain('loggable-error.unit.test.ts');
  });

  it('leave out JSON parse errors’ messages, which quote the text', () => {
    let error: unknown;
    try {
      JSON.parse(`{"content": "${SECRET}"`);
    } catch (caught) {
      error = caught;
    }
    expect(JSON.stringify(loggableError(error))).not.toContain(SECRET);
  });

  it('keep the message of an error of the code itself', () => {
    expect(loggableError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toMatchObject({
      type: 'TypeError',
      message: "Cannot read properties of undefined (reading 'id')",
    });
  });
});
