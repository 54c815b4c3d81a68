import { hasRight } from '@hortus/contract';
import { feesCalls, feesRights, type FeesReply } from '@hortus/contract/modules/fees';
import { CallError, defineCall } from '../../../platform/http/calls';
import { canSeeEveryFamily, requireChild } from '../access';
import { loadFees } from '../load';
import { saveMandate } from '../mandates';
import { saveMeal, saveMenu } from '../meals';
import { markPaid, recordReturn, runMonth } from '../runs';
import { saveChildScopes, saveOneOff, saveScope } from '../scopes';
import { readFeesSettings, saveFeesSettings } from '../settings';

/** Calls of module 220 under /_api/200/220/ (docs/api.md); families and children are checked per record. */
export const getOrSaveSettingsCall = defineCall(feesCalls.getOrSaveSettings).forSession({
  rights: [feesRights.module],
  async handle({ app, db, input, user }) {
    const save = input.dataToSave;
    const extra: Partial<FeesReply> = {};
    if (save) {
      switch (save.type) {
        case 'settings':
          await saveFeesSettings(db, save.data);
          break;
        case 'umfang':
          await saveScope(db, save.data);
          break;
        case 'kind':
          await requireChild(db, user, save.data.id_kind);
          await saveChildScopes(db, save.data);
          break;
        case 'mandat':
          await saveMandate(db, save.data);
          break;
        case 'speiseplan':
          await saveMenu(db, save.data);
          break;
        case 'mahlzeit': {
          const office = canSeeEveryFamily(user);
          if (!office && !hasRight(user.rechte, feesRights.own)) throw new CallError('noRight', 'Keine Berechtigung.');
          await requireChild(db, user, save.data.id_kind);
          const settings = await readFeesSettings(db);
          await saveMeal(db, save.data, { cutoff: settings.bestellschluss, office });
          break;
        }
        case 'einmalig':
          if (save.data.id_kind !== 0) await requireChild(db, user, save.data.id_kind);
          await saveOneOff(db, save.data);
          break;
        case 'lauf':
          extra.lauf = await runMonth(app, save.data);
          break;
        case 'ruecklastschrift': {
          const settings = await readFeesSettings(db);
          await recordReturn(db, save.data, settings.ruecklastGebuehr);
          break;
        }
        case 'bezahlt':
          await markPaid(db, save.data.id_abrechnung);
          break;
      }
    }
    return { status: 'success', save: await loadFees(db, user, input.ab ?? ''), ...extra };
  },
});
