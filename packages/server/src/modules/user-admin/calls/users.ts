import { hasRight, messages, rightsTree } from '@hortus/contract';
import { userAdminCalls, userAdminRights } from '@hortus/contract/modules/user-admin';
import { CallError, defineCall } from '../../../platform/http/calls';
import {
  deleteAdminUser,
  endUserSessions,
  loadAdminUsers,
  resetUserPassword,
  saveAdminUser,
} from '../../../platform/users/admin-users';

export const getNutzerCall = defineCall(userAdminCalls.getNutzer).forSession({
  rights: [userAdminRights.list],
  async handle({ db }) {
    return { status: 'success', nutzer: await loadAdminUsers(db) };
  },
});

/**
 * User administration sends neuPW '1': adding needs 010, changing an existing user 020 (without it the
 * dialog is read-only). A save of an existing user with an empty neuPW is a member-detail save: only the
 * modules' fallbacks may take it (the member directory does, with its f100 rules, for every caller, so
 * that the detail never touches fields it does not show); when none takes it, noRight. Hence no declared
 * right: every path checks its own.
 */
export const saveNutzerCall = defineCall(userAdminCalls.saveNutzer).forSession({
  errorPrefix: 'data.',
  async handle({ app, db, input, user }) {
    if (input.neuPW === '' && input.data.id > 0) {
      for (const fallback of app.userSaveFallbacks) {
        const reply = await fallback({ app, db, user }, input.data, input.neuPW);
        if (reply) return reply;
      }
      throw new CallError('noRight', messages.accessDenied);
    }
    const needed = input.data.id === 0 ? userAdminRights.add : userAdminRights.edit;
    if (!hasRight(user.rechte, needed)) throw new CallError('noRight', messages.accessDenied);
    const { user: nutzer, password } = await saveAdminUser(db, input.data, {
      editor: user,
      keepOwnRight: userAdminRights.edit,
    });
    if (password === null) return { status: 'success', nutzer };
    return { status: 'success', addedUserID: nutzer.id, addedUserNN: nutzer.nn, addedUserPW: password, nutzer };
  },
});

export const delNutzerCall = defineCall(userAdminCalls.delNutzer).forSession({
  rights: [userAdminRights.delete],
  async handle({ app, db, input, user }) {
    await deleteAdminUser(db, input.data, user, app.accountErasers);
    return { status: 'success' };
  },
});

export const resetPWCall = defineCall(userAdminCalls.resetPW).forSession({
  rights: [userAdminRights.edit],
  async handle({ app, db, input, user }) {
    return { status: 'success', neuPW: await resetUserPassword(db, input.data, user, app.credentialEnders) };
  },
});

export const sitzungenBeendenCall = defineCall(userAdminCalls.sitzungenBeenden).forSession({
  rights: [userAdminRights.edit],
  async handle({ db, input, user }) {
    await endUserSessions(db, input.data, user);
    return { status: 'success' };
  },
});

export const getRechteCall = defineCall(userAdminCalls.getRechte).forSession({
  rights: ['x|005'],
  async handle() {
    return { status: 'success', rechte: rightsTree };
  },
});
