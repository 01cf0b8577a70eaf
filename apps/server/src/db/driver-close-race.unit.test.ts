import { describe, expect, it } from 'vitest';
import { isDriverClosedSocketWrite } from './driver-close-race.ts';

function typeError(message: string, stack: string) {
  const error = new TypeError(message);
  error.stack = `TypeError: ${message}\n${stack}`;
  return error;
}

describe('the driver close race', () => {
  it('recognises the deferred write on a closed postgres.js connection', () => {
    const error = typeError(
      "Cannot read properties of null (reading 'write')",
      '    at Immediate.nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)\n' +
        '    at process.processImmediate (node:internal/timers:485:21)',
    );
    expect(isDriverClosedSocketWrite(error)).toBe(true);
  });

  it('lets every other error end the process', () => {
    expect(
      isDriverClosedSocketWrite(
        typeError("Cannot read properties of null (reading 'write')", '    at ourCode (/app/src/server.ts:1:1)'),
      ),
    ).toBe(false);
    expect(
      isDriverClosedSocketWrite(
        typeError(
          'x is not a function',
          '    at Immediate.nextWrite (/app/node_modules/postgres/src/connection.js:255:22)',
        ),
      ),
    ).toBe(false);
    expect(isDriverClosedSocketWrite(new Error("reading 'write'"))).toBe(false);
  });
});
