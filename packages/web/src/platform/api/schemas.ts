/**
 * The contract reply schemas of the platform calls, loaded on demand (see platform-schemas.ts): zod
 * stays out of the login route's initial JavaScript and is fetched in parallel with the first request.
 */
export { getSettingsReply, loginReply, loginScreenReply, okReply } from '@hortus/contract';
