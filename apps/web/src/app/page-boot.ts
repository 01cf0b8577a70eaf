import { PAGE_BOOT_ELEMENT_ID, type PageBoot } from '@lunara/shared/page-boot';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { getAppConfigQueryOptions } from '../features/app-config/api/get-app-config.ts';
import { getMeQueryOptions } from '../features/auth/api/get-me.ts';
import { getSubscriptionQueryOptions } from '../features/billing/api/get-subscription.ts';
import { localTimeZone } from '../lib/local-format.ts';

/**
 * Takes the boot data the server wrote into the page (there is none under the Vite dev server, and
 * then the app asks the API as usual). The element is removed: the member's details have no business
 * staying in the document after she signs out.
 */
export function takePageBoot(doc: Document = document): PageBoot | null {
  const element = doc.getElementById(PAGE_BOOT_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as PageBoot;
  } catch {
    return null;
  }
}

/**
 * What a prerendered page read on the server (PageBoot.queries), and in which time zone; null when
 * nothing on the page asked for one (the landing page, shared by every visitor).
 */
export interface PageReads {
  timeZone: string | null;
  state: DehydratedState;
}

/**
 * Puts the boot data where the queries for /api/config, /api/me and the subscription would, and the
 * prerendered page's other reads where they were on the server.
 */
export function seedQueryCache(client: QueryClient, boot: PageBoot | null): void {
  if (!boot) return;
  const reads = boot.queries as PageReads | undefined;
  // Read for another time zone (her browser's was not known yet, or she has travelled): her day's
  // rituals and calendar may differ. The page then asks for them itself.
  if (reads && (reads.timeZone === null || reads.timeZone === localTimeZone())) hydrate(client, reads.state);
  client.setQueryData(getAppConfigQueryOptions().queryKey, boot.config);
  client.setQueryData(getMeQueryOptions().queryKey, boot.me);
  const user = boot.me.user;
  if (user && boot.subscription) {
    client.setQueryData(getSubscriptionQueryOptions(user.id, user.role).queryKey, boot.subscription);
  }
}
