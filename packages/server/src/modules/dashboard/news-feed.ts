import { parameterType } from '@hortus/contract';
import { parseGroupList, type NewsFeedData } from '@hortus/contract/modules/dashboard';
import type { LoadedUser } from '../../platform/auth/session-user';
import { whileInputsSame } from '../../platform/cache/derived';
import type { Db } from '../../platform/db/database';
import type { ServerWidget } from '../../platform/modules/widgets';
import { rememberForOrg } from '../../platform/settings/org-data';
import { w1Call, w1CsvCall } from './calls/messages';
import { feedFor } from './messages-feed';
import { audienceMembers, canCreateMessages } from './access';
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

/** One data object per user while its parts are the same objects (the dashboard then reuses its reply bytes). */
const builtData = whileInputsSame<LoadedUser, NewsFeedData>();

/** Widget 1, the news feed: registered like any module's widget (ServerModule.dashboardWidgets). */
export const newsFeedWidget: ServerWidget = {
  async load({ app, db, user }): Promise<NewsFeedData> {
    const settings = await dashboardSettingsOf(app);
    const meldungen = await feedFor(db, user, await audienceMembers(app, db));
    const emailParameter = await emailParameters(db);
    return builtData(user, [settings, meldungen, emailParameter], () => ({
      meldungen,
      kannErstellen: canCreateMessages(settings, user),
      standardEmpfaenger: parseGroupList(settings.w1_standardEmpfaenger),
      emailParameter,
    }));
  },
  calls: [w1Call, w1CsvCall],
};
