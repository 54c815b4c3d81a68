import { eq } from 'drizzle-orm';
import { childrenCalls, childrenRights, type ChildrenReply } from '@hortus/contract/modules/children';
import type { LoadedUser } from '../../../platform/auth/session-user';
import type { Db } from '../../../platform/db/database';
import { users } from '../../../platform/db/schema';
import { defineCall } from '../../../platform/http/calls';
import { requireChild } from '../access';
import { deleteChild, saveChild } from '../children';
import { saveClasses } from '../classes';
import { createConsentRequest, remindConsent } from '../consents';
import { removeLoginLetters } from '../letters';
import { loadChildDetails, loadChildrenData } from '../load';
import { deleteParent, resetParentPassword, saveParent } from '../parents-save';
import { recordPaperPermission, saveHealthNotes } from '../release';
import { decideHealthProposal } from '../health-proposals';
import { readChildrenSettings, saveChildrenSettings } from '../settings';
import { changeStatus } from '../status';

async function reply(db: Db, user: LoadedUser, extra: Partial<ChildrenReply> = {}): Promise<ChildrenReply> {
  return { status: 'success', save: await loadChildrenData(db, user), ...extra };
}

/** Calls of module 200 under /_api/200/200/ (docs/api.md); class conditions are checked per record. */
export const getSettingsCall = defineCall(childrenCalls.getSettings).forSession({
  rights: [childrenRights.module],
  async handle({ app, db, input, user }) {
    const save = input.dataToSave;
    if (!save) return reply(db, user);
    switch (save.type) {
      case 'anwesenheitsstatus':
        await changeStatus(db, user, save.data);
        return reply(db, user);
      case 'editKind':
        await saveChild(app, user, save.data);
        return reply(db, user);
      case 'delKind':
        await deleteChild(app, user, save.data.id);
        return reply(db, user);
      case 'editEltern': {
        const saved = await saveParent(db, user, await readChildrenSettings(db), save.data.eltern);
        return reply(db, user, saved.password ? { neuPW: saved.password } : {});
      }
      case 'delEltern': {
        const [account] = await db.select({ nn: users.nn }).from(users).where(eq(users.id, save.data.eltern.id));
        await deleteParent(db, user, await readChildrenSettings(db), save.data.eltern.id, app.accountErasers);
        if (account) await removeLoginLetters(app, account.nn);
        return reply(db, user, { kindUpdated: true });
      }
      case 'resetElternPW':
        return reply(db, user, {
          neuPW: await resetParentPassword(
            db,
            user,
            await readChildrenSettings(db),
            save.data.id,
            app.credentialEnders,
          ),
        });
      case 'settings':
        await saveChildrenSettings(db, user, save.data);
        return reply(db, user);
      case 'klassen':
        await saveClasses(db, save.data, user.id);
        return reply(db, user);
      case 'erlaubnis':
        await recordPaperPermission(db, user, save.data.id_kind, save.data.alleinNachHause);
        return reply(db, user);
      case 'einwilligungAnfrage':
        await createConsentRequest(db, user, save.data);
        return reply(db, user);
      case 'einwilligungErinnern':
        return reply(db, user, { erinnert: await remindConsent(db, user, save.data.id) });
      case 'gesundheit': {
        const { id_kind, ...notes } = save.data;
        await saveHealthNotes(db, user, id_kind, notes);
        return reply(db, user);
      }
      case 'gesundheitVorschlagEntscheiden':
        await decideHealthProposal(db, user, save.data.id, save.data.annehmen);
        return reply(db, user);
    }
  },
});

export const getDataCall = defineCall(childrenCalls.getData).forSession({
  rights: [childrenRights.module],
  handle: ({ db, user }) => reply(db, user),
});

export const getKindCall = defineCall(childrenCalls.getKind).forSession({
  rights: [childrenRights.list],
  async handle({ db, input, user }) {
    await requireChild(db, user, input.id, false);
    return { status: 'success', kind: await loadChildDetails(db, user, input.id) };
  },
});
