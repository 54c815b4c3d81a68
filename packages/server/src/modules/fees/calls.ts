import { hasRight } from '@hortus/contract';
import { feesCalls, feesMessages, feesRights, type FeesReply } from '@hortus/contract/modules/fees';
import { offerFile } from '../../platform/files/offer-file';
import { defineCall, CallError, type CallDefinition, type FileAccessRule } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { readAppSettings } from '../../platform/settings/app-settings';
import { familyView } from '../children/public';
import { canSeeFamily, isFeeOffice, requireChild } from './access';
import { kitchenPdf, statementPdf } from './documents-pdf';
import { loadFees } from './load';
import { currentMandates, saveMandate } from './mandates';
import { kitchenList, saveMeal, saveMenu } from './meals';
import { FEES_FILE_AREA, markPaid, recordReturn, runMonth, statementWithMonth } from './runs';
import { saveChildScopes, saveOneOff, saveScope } from './scopes';
import { readFeesSettings, saveFeesSettings } from './settings';

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
          const office = isFeeOffice(user);
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
          await recordReturn(db, save.data.id_abrechnung, settings.ruecklastGebuehr);
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

export const kitchenListCall = defineCall(feesCalls.kuechenliste).forSession({
  rights: [feesRights.manage],
  async handle({ db, input, user }) {
    const settings = await readFeesSettings(db);
    return { status: 'success', liste: await kitchenList(db, user, input.tag, settings.bestellschluss) };
  },
});

export const kitchenListPdfCall = defineCall(feesCalls.kuechenlistePdf).forSession({
  rights: [feesRights.manage],
  async handle({ app, db, input, user }) {
    const settings = await readFeesSettings(db);
    const list = await kitchenList(db, user, input.tag, settings.bestellschluss);
    const bytes = await kitchenPdf(list, (await readAppSettings(db)).app_titel);
    return {
      status: 'success',
      ...(await offerFile(
        { app, user },
        { name: `Kuechenliste-${input.tag}.pdf`, mime: 'application/pdf', bytes },
        { via: 'download', key: 'kuechenliste.pdf' },
      )),
    };
  },
});

export const statementPdfCall = defineCall(feesCalls.abrechnungPdf).forSession({
  rights: [feesRights.module],
  async handle({ app, db, input, user }) {
    const statement = requireRecord(
      await statementWithMonth(db, input.id),
      { canSee: (row) => canSeeFamily(user, row.familyId) },
      feesMessages.unknownStatement,
    );
    const [settings, mandates, members, appSettings] = await Promise.all([
      readFeesSettings(db),
      currentMandates(db, statement.familyId),
      familyView.familyChildren(db, statement.familyId),
      readAppSettings(db),
    ]);
    const family = { name: members[0]?.familyName ?? '' };
    // Rendered on request from the stored lines (they never change once the month is closed).
    const bytes = await statementPdf(
      statement,
      family,
      settings,
      mandates.get(statement.familyId),
      appSettings.app_titel,
    );
    return {
      status: 'success',
      ...(await offerFile(
        { app, user },
        { name: `Beitragsabrechnung-${statement.month}.pdf`, mime: 'application/pdf', bytes },
        { via: 'download', key: `abrechnung-${statement.id}.pdf` },
      )),
    };
  },
});

/** The module's stored files (the pain.008 files): the fee office only. */
export const feesFileAccess: FileAccessRule = (_ctx, user) => hasRight(user.rechte, feesRights.manage);
export { FEES_FILE_AREA };

export const feesServerCalls: CallDefinition[] = [
  getOrSaveSettingsCall,
  kitchenListCall,
  kitchenListPdfCall,
  statementPdfCall,
];
