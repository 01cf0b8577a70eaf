/**
 * What the self-assessment's page keeps in the browser.
 * No zod here, so that a page's first load can read them (zod-free-modules.test.ts): assessment.ts
 * re-exports them beside its schemas.
 */

/** Where the page keeps a visitor's claim token until she has an account (localStorage). */
export const ASSESSMENT_CLAIM_STORAGE_KEY = 'lunara.assessment-claim';
