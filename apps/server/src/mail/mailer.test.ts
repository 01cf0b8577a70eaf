import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { outbox } from '../db/schema/operations.ts';
import { createMailer } from './mailer.ts';

const log = pino({ level: 'silent' });
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
});
afterAll(async () => database?.close());

/** A local SMTP server standing in for the real one: the edge we cannot reach in tests. */
async function startSmtp() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk) => {
        data += chunk;
      });
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A mailer delivering to the local SMTP server; delivery runs only when the test asks. */
const smtpMailer = (port: number) =>
  createMailer({
    db: database.db,
    log,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Lunara <no-reply@lunara.test>',
    isProduction: true,
    pollIntervalMs: 60_000,
  });

describe('mailer', () => {
  it('without SMTP, stores the mail in the outbox as delivered locally', async () => {
    const mailer = createMailer({
      db: database.db,
      log,
      smtpUrl: undefined,
      from: 'Lunara <x@y.z>',
      isProduction: false,
    });
    await mailer.send({ to: 'local@example.com', subject: 'Hello', text: 'Body' });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.toAddress, 'local@example.com'));
    expect(row).toMatchObject({ status: 'local', subject: 'Hello', textBody: 'Body' });
    mailer.stop();
  });

  it('with SMTP, delivers through the server and marks the mail sent', async () => {
    const smtp = await startSmtp();
    const mailer = smtpMailer(smtp.port);
    try {
      await mailer.send({ to: 'smtp@example.com', subject: 'Welcome', text: 'Hello sister' });
      await mailer.deliverPending();
      const [row] = await database.db.select().from(outbox).where(eq(outbox.toAddress, 'smtp@example.com'));
      expect(row?.status).toBe('sent');
      expect(smtp.received.join()).toContain('Subject: Welcome');
      expect(smtp.received.join()).toContain('Hello sister');
    } finally {
      mailer.stop();
      await smtp.close();
    }
  });

  it('keeps the mail pending, with the error, while the SMTP server is down', async () => {
    const smtp = await startSmtp();
    await smtp.close();
    const mailer = smtpMailer(smtp.port);
    try {
      await mailer.send({ to: 'down@example.com', subject: 'Retry me', text: 'Later' });
      await mailer.deliverPending();
      const [row] = await database.db.select().from(outbox).where(eq(outbox.toAddress, 'down@example.com'));
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row?.lastError).toBeTruthy();
      expect(row?.availableAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      mailer.stop();
    }
  });
});
