// Kept apart from the zod schemas so that the first page can format a price without loading zod.
export const DEFAULT_PRICE_CENTS = 5500;

/** "$55" for 5500, "$55.50" for 5550. */
export function formatPrice(cents: number, currency = 'USD'): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}
