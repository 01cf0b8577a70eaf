import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { builderLimit } from '../db/literal-limit.ts';
import { outbox } from '../db/schema/operations.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (announcements: List-Unsubscribe, List-Unsubscribe-Post), kept on the outbox row. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * Queues the mail; inside a transaction (`tx`), it is queued only if the transaction commits.
   * Resolves with the outbox row's id.
   */
  send(mail: Mail, tx?: Db): Promise<string>;
  /** Delivers pending mail now (SMTP only); resolves with how many were sent. */
  deliverPending(): Promise<number>;
  stop(): void;
}

interface MailerOptions {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
  isProduction: boolean;
  pollIntervalMs?: number;
}

const MAX_ATTEMPTS = 5;
const BATCH_SIZE = 10;

/**
 * One way to send mail. Every message is written to the outbox first, so nothing is lost when the
 * SMTP server is down: with SMTP_URL, pending rows are claimed (FOR UPDATE SKIP LOCKED, safe with
 * several processes) and retried with back-off; without it, the outbox row is the delivery.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { db, log, smtpUrl, from, isProduction } = options;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  let timer: NodeJS.Timeout | undefined;
  let delivering: Promise<number> | undefined;

  async function claimBatch() {
    return db
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        // Back-off: if this process dies mid-send, another retries after the delay.
        availableAt: sql`now() + (interval '30 seconds' * power(2, ${outbox.attempts}))`,
      })
      .where(
        inArray(
          outbox.id,
          db
            .select({ id: outbox.id })
            .from(outbox)
            .where(and(eq(outbox.status, 'pending'), lte(outbox.availableAt, sql`now()`)))
            .orderBy(outbox.availableAt)
            .limit(builderLimit(BATCH_SIZE))
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
  }

  async function deliverOnce(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (const row of await claimBatch()) {
      try {
        await transport.sendMail({
          from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          headers: row.headers ?? undefined,
        });
        await db
          .update(outbox)
          .set({ status: 'sent', sentAt: new Date(), lastError: null })
          .where(eq(outbox.id, row.id));
        sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const isFinal = row.attempts >= MAX_ATTEMPTS;
        await db
          .update(outbox)
          .set({ status: isFinal ? 'failed' : 'pending', lastError: message.slice(0, 500) })
          .where(eq(outbox.id, row.id));
        log.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'email delivery failed');
      }
    }
    return sent;
  }

  function deliverPending(): Promise<number> {
    // One delivery run at a time per process; callers share the run in progress.
    delivering ??= deliverOnce().finally(() => {
      delivering = undefined;
    });
    return delivering;
  }

  if (transport) {
    timer = setInterval(() => {
      deliverPending().catch((error) => log.error({ err: error }, 'email delivery run failed'));
    }, options.pollIntervalMs ?? 5000);
    timer.unref();
  }

  return {
    async send(mail, tx = db) {
      const [row] = await tx
        .insert(outbox)
        .values({
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          headers: mail.headers,
          status: transport ? 'pending' : 'local',
        })
        .returning({ id: outbox.id });
      if (!row) throw new Error('The mail was not queued');
      if (transport) {
        // Inside a caller's transaction the row is not visible yet: the next poll delivers it.
        if (tx !== db) return row.id;
        deliverPending().catch((error) => log.error({ err: error }, 'email delivery run failed'));
        return row.id;
      }
      // The local outbox is for trying the app out: in development the body (with its links) is
      // printed so that sign-up and reset work without SMTP; in production it never is.
      if (isProduction) log.info({ outboxId: row?.id, to: mail.to, subject: mail.subject }, 'email stored in outbox');
      else
        log.info({ outboxId: row?.id, to: mail.to, subject: mail.subject, body: mail.text }, 'email stored in outbox');
      return row.id;
    },
    deliverPending,
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
