import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { loggableError } from '../lib/loggable-error.ts';

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    if (first) {
      const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = first.message ?? 'is invalid';
      // Messages from our schemas are whole sentences ("Password must be at least 6 characters").
      return field && !/^[A-Z]/.test(message) ? `${field}: ${message}` : message;
    }
  }
  return error.message;
}

/** One error shape for the whole API; 5xx details are logged (without the member's text), never sent. */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message } });
      }
      if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        return reply.status(400).send({ error: { code: 'VALIDATION_ERROR', message: describeValidation(error) } });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ error: loggableError(error) }, 'response did not match its schema');
        return reply.status(500).send({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } });
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status === 429) {
        return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: error.message } });
      }
      if (status >= 500) {
        request.log.error({ error: loggableError(error) }, 'request failed');
        return reply.status(status).send({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } });
      }
      // Fastify's own 4xx (bad JSON, unsupported media type, body too large): their messages are safe.
      return reply.status(status).send({ error: { code: error.code ?? 'BAD_REQUEST', message: error.message } });
    });
  },
  { name: 'error-handler' },
);
