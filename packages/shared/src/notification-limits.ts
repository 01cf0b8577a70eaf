// Zod-free, so that the browser's first load (the notification provider in the root layout) does not
// pull in zod with the schemas.
export const NOTIFICATION_LIST_SIZE = 50;
