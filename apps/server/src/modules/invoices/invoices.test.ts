import type { Discount } from '@lunara/shared/billing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { invoices } from '../../db/schema/billing-history.ts';
import { findCurrentSubscription } from '../billing/subscription-service.ts';
import { addMonths } from '../plans/period-amount.ts';
import { buildReceiptPdf, toWinAnsi } from './receipt-pdf.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const list = async (member: TestMember, cursor?: string) => {
  const response = await t.api(member, 'GET', `/api/billing/invoices${cursor ? `?cursor=${cursor}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { items: Array<Record<string, unknown>>; nextCursor: string | null };
};
const subOf = async (member: TestMember) => {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
  if (!row) throw new Error('no subscription');
  return row;
};

describe('test-mode receipts', () => {
  it('records the first charge at checkout, paid, with a LUN- number', async () => {
    const member = await t.signUpSubscriber();
    const page = await list(member);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      status: 'paid',
      amountCents: 5500,
      provider: 'test',
      hostedInvoiceUrl: null,
    });
    expect(page.items[0]?.number).toMatch(/^LUN-\d{6,}$/);
    expect(page.items[0]?.receiptUrl).toBe(`/api/billing/invoices/${page.items[0]?.id}/receipt.pdf`);
    expect(page.nextCursor).toBeNull();
  });

  it('charges each elapsed renewal once, even when two reads settle at once', async () => {
    const member = await t.signUpSubscriber();
    const sub = await subOf(member);
    const later = new Date(addMonths(sub.currentPeriodEnd, 2).getTime() + 1000);
    await Promise.all([
      findCurrentSubscription(t.database.db, member.id, later),
      findCurrentSubscription(t.database.db, member.id, later),
      findCurrentSubscription(t.database.db, member.id, later),
    ]);
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.userId, member.id));
    // The first charge and three renewals (the period ends then, two months after and at `later`'s period).
    const starts = rows.map((row) => row.periodStart.toISOString()).sort();
    expect(new Set(starts).size).toBe(rows.length);
    expect(rows).toHaveLength(4);
    expect((await subOf(member)).currentPeriodEnd.getTime()).toBeGreaterThan(later.getTime());
    // Read again: nothing new.
    await findCurrentSubscription(t.database.db, member.id, later);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.userId, member.id))).toHaveLength(4);
  });

  it('applies the discount while it lasts, then the full price', async () => {
    const member = await t.signUpSubscriber();
    const sub = await subOf(member);
    const discount: Discount = {
      couponId: 'c1',
      code: 'MOON20',
      kind: 'percent',
      value: 20,
      duration: 'repeating',
      durationMonths: 2,
    };
    await t.database.db
      .update(subscriptions)
      .set({ discount, discountEndsAt: addMonths(sub.currentPeriodEnd, 1) })
      .where(eq(subscriptions.id, sub.id));
    await findCurrentSubscription(t.database.db, member.id, new Date(addMonths(sub.currentPeriodEnd, 1).getTime() + 1));
    const items = (await list(member)).items;
    expect(items.map((item) => item.amountCents)).toEqual([5500, 4400, 5500]);
    expect(items[1]?.description).toContain('coupon MOON20');
    expect(items[0]?.description).not.toContain('coupon');
  });

  it('pages 20 at a time, newest first, and refuses a forged cursor', async () => {
    const member = await t.signUpSubscriber();
    const sub = await subOf(member);
    await findCurrentSubscription(
      t.database.db,
      member.id,
      new Date(addMonths(sub.currentPeriodEnd, 24).getTime() + 1),
    );
    const first = await list(member);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(member, first.nextCursor ?? '');
    expect(second.items).toHaveLength(6);
    expect(second.nextCursor).toBeNull();
    const ids = new Set([...first.items, ...second.items].map((item) => item.id));
    expect(ids.size).toBe(26);
    const created = first.items.map((item) => String(item.createdAt));
    expect([...created].sort().reverse()).toEqual(created);
    expect((await t.api(member, 'GET', '/api/billing/invoices?cursor=bm9wZQ')).statusCode).toBe(400);
  });

  it('needs a session, and shows only her own receipts', async () => {
    expect((await t.api(undefined, 'GET', '/api/billing/invoices')).statusCode).toBe(401);
    const newcomer = await t.signUp();
    expect((await list(newcomer)).items).toEqual([]);
  });
});

describe('PDF receipt', () => {
  it('is a PDF with her receipt number, name and amount; another member gets 404', async () => {
    const member = await t.signUpSubscriber();
    const [invoice] = (await list(member)).items;
    const url = String(invoice?.receiptUrl);
    const response = await t.api(member, 'GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="receipt-${invoice?.number}.pdf"`);
    const text = response.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain(String(invoice?.number));
    expect(text).toContain('($55.00)'.replace('.00', ''));
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);

    const other = await t.signUpSubscriber();
    expect((await t.api(other, 'GET', url)).statusCode).toBe(404);
    expect((await t.api(undefined, 'GET', url)).statusCode).toBe(401);
    expect((await t.api(member, 'GET', '/api/billing/invoices/not-a-uuid/receipt.pdf')).statusCode).toBe(400);
  });

  it('writes a non-Latin-1 name without question marks', async () => {
    const member = await t.signUp(undefined, 'moonlight', 'Zoë Łukasz Ольга');
    await t.api(member, 'POST', '/api/billing/test/complete', {});
    const [invoice] = (await list(member)).items;
    const text = (await t.api(member, 'GET', String(invoice?.receiptUrl))).rawPayload.toString('latin1');
    // ë is WinAnsi 0xEB (octal 353); Ł and Ольга are transliterated.
    expect(text).toContain('(Zo\\353 Lukasz Olga)');
    expect(text).not.toMatch(/\?/);
  });

  it('escapes parentheses and backslashes and spells unknown characters as code points', () => {
    const pdf = buildReceiptPdf({
      productName: 'Moon (club) \\ ™',
      number: 'LUN-000001',
      date: 'January 1, 2026',
      memberName: '月 Ἀθηνᾶ',
      memberEmail: 'a@example.com',
      description: 'x',
      period: 'y',
      amount: '€5',
      status: 'Paid',
      note: null,
    }).toString('latin1');
    expect(pdf).toContain('(Moon \\(club\\) \\\\ \\231)');
    expect(pdf).toContain('(U+6708 Athina)');
    expect(pdf).toContain('(\\2005)');
    expect(String.fromCharCode(...toWinAnsi('Ş'))).toBe('S');
  });
});
