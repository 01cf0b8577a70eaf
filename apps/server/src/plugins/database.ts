import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}

/** Makes the configuration and the (already migrated) database available to every module. */
export default fp(
  async (app: FastifyInstance, options: { config: Config; database: Database }) => {
    app.decorate('config', options.config);
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
  },
  { name: 'db' },
);
