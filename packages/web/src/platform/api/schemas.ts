/**
 * Contract reply schemas built on the full zod, loaded on demand (see platform-schemas.ts) so that zod
 * stays out of the login route. The login route's own replies use the contract's zod/mini schemas.
 */
export { getSettingsReply } from '@hortus/contract';
