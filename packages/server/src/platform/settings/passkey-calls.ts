import { messages, platformCalls } from '@hortus/contract';
import type { FastifyRequest } from 'fastify';
import { addPasskey, ownPasskeys, registrationOptions, relyingParty, removeOwnPasskey } from '../auth/passkeys';
import { appAddress } from '../http/app-address';
import { type AppContext, CallError, defineCall } from '../http/calls';
import { readAppSettings } from './app-settings';

/** The relying party of this installation: its public address and title (see auth/passkeys.ts). */
export async function relyingPartyOf(app: AppContext, request: FastifyRequest) {
  return relyingParty(await appAddress(app, request), (await readAppSettings(app.db)).app_titel);
}

/** passkeyOptionen: step 1 of adding a passkey to the own account (issue 42). */
export const passkeyOptionenCall = defineCall(platformCalls.passkeyOptionen).forSession({
  async handle({ app, db, request, user }) {
    const optionen = await registrationOptions(db, await relyingPartyOf(app, request), user);
    return { status: 'success' as const, optionen };
  },
});

/** passkeyHinzufuegen: step 2, the browser's answer verified and the passkey kept under its name. */
export const passkeyHinzufuegenCall = defineCall(platformCalls.passkeyHinzufuegen).forSession({
  async handle({ app, db, request, user, input }) {
    await addPasskey(db, await relyingPartyOf(app, request), user.id, input.antwort, input.name);
    return { status: 'success' as const };
  },
});

/** passkeys: the own passkeys with when they were added and last used (ISO times; '' when never used). */
export const passkeysCall = defineCall(platformCalls.passkeys).forSession({
  async handle({ db, user }) {
    const rows = await ownPasskeys(db, user.id);
    return {
      status: 'success' as const,
      passkeys: rows.map((row) => ({
        id: row.id,
        name: row.name,
        angelegt: row.createdAt.toISOString(),
        zuletzt: row.lastUsedAt?.toISOString() ?? '',
      })),
    };
  },
});

/** passkeyEntfernen: removes one of the own passkeys; another account's answers as an unknown one. */
export const passkeyEntfernenCall = defineCall(platformCalls.passkeyEntfernen).forSession({
  async handle({ db, user, input }) {
    if (!(await removeOwnPasskey(db, user.id, input.id))) throw new CallError('notFound', messages.passkeyNotFound);
    return { status: 'success' as const };
  },
});
