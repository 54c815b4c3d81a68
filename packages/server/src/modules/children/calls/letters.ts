import { childrenCalls, childrenRights } from '@hortus/contract/modules/children';
import { offerFile } from '../../../platform/files/offer-file';
import { appAddress } from '../../../platform/http/app-address';
import { defineCall } from '../../../platform/http/calls';
import { renewStartPasswords } from '../../../platform/users/accounts';
import { letterName, loginLetters } from '../letters';
import { loadParents, requireParent } from '../parents';
import { readChildrenSettings } from '../settings';

export const createElternbriefCall = defineCall(childrenCalls.createElternbrief).forSession({
  rights: [childrenRights.parents],
  async handle({ app, db, input, user, request }) {
    const settings = await readChildrenSettings(db);
    const ids = [...new Set(input.eltern)];
    for (const id of ids) await requireParent(db, user, settings, id, true);
    const parents = await loadParents(db, settings, user, ids);
    const appUrl = settings.eltern_elternbriefLogindaten_appurl || (await appAddress(app, request));
    const bytes = await loginLetters({
      settings,
      appUrl,
      parents,
      // Fresh start passwords for those still on theirs: the earlier ones stop working, none is stored.
      startPasswords: await renewStartPasswords(db, user, ids, app.credentialEnders),
    });
    const offered = await offerFile(
      { app, user },
      { name: letterName(parents), mime: 'application/pdf', bytes },
      { via: 'download', key: 'elternbrief.pdf' },
    );
    return { status: 'success', ...offered };
  },
});
