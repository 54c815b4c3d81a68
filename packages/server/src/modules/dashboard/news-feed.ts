import { parameterType, parseGroupList, type NewsFeedData } from '@hortus/contract';
import type { Db } from '../../platform/db/database';
import { groupParameters } from '../../platform/db/schema';
import type { ServerWidget } from '../../platform/modules/widgets';
import { readOrgData } from '../../platform/settings/org-data';
import { w1Call, w1CsvCall } from './calls';
import { feedFor } from './messages';
import { mayCreateMessages } from './settings';
import { dashboardSettingsOf } from './widgets';

/** E-mail parameters (type 4) with the groups that carry them (for the "no e-mail parameter" warning). */
async function emailParameters(db: Db) {
  const org = await readOrgData(db);
  const links = await db.select().from(groupParameters);
  return org.parameters
    .filter((parameter) => parameter.typ === parameterType.email)
    .map((parameter) => ({
      id: parameter.id,
      name: parameter.name,
      gruppen: links.filter((link) => link.parameterId === parameter.id).map((link) => link.groupId),
    }));
}

/** Widget 1, the news feed: registered like any module's widget (ServerModule.dashboardWidgets). */
export const newsFeedWidget: ServerWidget = {
  async load({ app, db, user }): Promise<NewsFeedData> {
    const settings = await dashboardSettingsOf(app);
    return {
      meldungen: await feedFor(db, user),
      kannErstellen: mayCreateMessages(settings, user),
      standardEmpfaenger: parseGroupList(settings.w1_standardEmpfaenger),
      emailParameter: await emailParameters(db),
    };
  },
  calls: [w1Call, w1CsvCall],
};
