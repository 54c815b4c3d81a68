import { messages, platformCalls } from '@hortus/contract';
import { endOwnSession, ownSessions } from '../auth/sessions';
import { CallError, defineCall, invalid } from '../http/calls';

/** meineSitzungen: the caller's own sessions (devices), the one asking marked (issue 42). */
export const meineSitzungenCall = defineCall(platformCalls.meineSitzungen).forSession({
  async handle({ db, user, sessionId }) {
    const rows = await ownSessions(db, user.id);
    return {
      status: 'success' as const,
      sitzungen: rows.map((row) => ({
        id: row.id,
        geraet: row.device || 'Unbekanntes Gerät',
        angemeldet: row.createdAt.toISOString(),
        zuletzt: row.lastSeenAt.toISOString(),
        aktuell: row.id === sessionId,
      })),
    };
  },
});

/**
 * sitzungBeenden: ends another device's session of the caller; another account's session answers as an
 * unknown one (notFound), the caller's current one is ended by logging out.
 */
export const sitzungBeendenCall = defineCall(platformCalls.sitzungBeenden).forSession({
  async handle({ db, user, sessionId, input }) {
    if (input.id === sessionId) throw invalid({ id: [messages.sessionCurrent] });
    if (!(await endOwnSession(db, user.id, input.id))) throw new CallError('notFound', messages.sessionUnknown);
    return { status: 'success' as const };
  },
});
