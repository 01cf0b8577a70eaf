import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMediaStorage } from '../modules/media/storage/create-media-storage.ts';
import type { MediaStorage } from '../modules/media/storage/media-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live (the local disk or an S3-compatible bucket, by configuration). */
    mediaStorage: MediaStorage;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const storage = await createMediaStorage(app.config.media);
    app.decorate('mediaStorage', storage);
    app.addHook('onClose', async () => storage.close());
  },
  { name: 'media', dependencies: ['db'] },
);
