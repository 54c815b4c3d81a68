import { parameterType, parseGroupList, type NewsFeedData } from '@hortus/contract';
import type { Db } from '../../platform/db/database';
import type { ServerWidget } from '../../platform/modules/widgets';
import { rememberForOrg } from '../../platform/settings/org-data';
import { w1Call, w1CsvCall } from './calls';
import { feedFor } from './messages';
import { mayCreateMessages } from './settings';
import { dashboardSettingsOf } from './widgets';

/** E-mail parameters (type 4) with the groups that carry them (for the "no e-mail parameter" warning). */
function emailParameters(db: Db) {
  return rememberForOrg(db, 'dashboard-email-parameters', (org) =>
    org.parameters
      .filter((parameter) => parameter.typ === parameterType.email)
      .map((parameter) => ({
        id: parameter.id,
        name: parameter.name,
        gruppen: org.groups
          .filter((group) => (org.groupParameters.get(group.id) ?? []).includes(parameter.id))
          .map((group) => group.id)
          .sort((a, b) => a - b),
      })),
  );
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
