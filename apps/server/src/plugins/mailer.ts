import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const mailer = createMailer({
      db: app.db,
      log: app.log,
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      isProduction: app.config.isProduction,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.stop());
  },
  { name: 'mailer', dependencies: ['db'] },
);
