import type { BillingRedirect } from '@lunara/shared/billing-schemas';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../errors.ts';
import type { BillingMember, BillingProvider } from './provider.ts';
import { hasActiveSubscription } from './subscription-service.ts';

/** A paying member is sent to manage her membership, never to pay for a second one. */
export async function startCheckout(
  db: Db,
  provider: BillingProvider,
  member: BillingMember,
): Promise<BillingRedirect> {
  if (await hasActiveSubscription(db, member.id)) throw conflict('You already have an active membership');
  return provider.createCheckoutSession(member);
}
