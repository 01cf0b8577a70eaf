import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import errorHandler from './error-handler.ts';

const SECRET = 'a member’s private words';

it('answers a 500 without details and logs the failure without the member’s text', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  await app.register(errorHandler);
  app.post('/fails', async (request) => {
    const cause = Object.assign(
      new Error(`invalid byte sequence: "${(request.body as { content: string }).content}"`),
      {
        severity: 'ERROR',
        code: '22021',
        routine: 'report_invalid_encoding',
      },
    );
    throw new DrizzleQueryError('insert into "posts" ("content") values ($1)', [SECRET], cause);
  });
  const response = await app.inject({ method: 'POST', url: '/fails', payload: { content: SECRET } });
  await app.close();
  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } });
  const log = lines.join('');
  expect(log).not.toContain(SECRET);
  expect(log).toContain('request failed');
  expect(log).toContain('22021');
  expect(log).toContain('insert into \\"posts\\"');
});
