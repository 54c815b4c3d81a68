import { hasRight } from '@hortus/contract';
import {
  dashboardCalls,
  dashboardRights,
  type DashboardSettings,
  type GetDashboardReply,
} from '@hortus/contract/modules/dashboard';
import type { LoadedUser } from '../../../platform/auth/session-user';
import { whileInputsSame } from '../../../platform/cache/derived';
import type { Db } from '../../../platform/db/database';
import { defineCall, withJsonBody, type AppContext } from '../../../platform/http/calls';
import { saveDashboardSettings } from '../settings';
import { dashboardSettingsOf, moduleWidgets, widgetsFor } from '../widgets';

/**
 * Calls of the dashboard (000) under /_api/000/000/ (docs/api.md); saveSettings' right is checked by the
 * dispatcher. The load runs on every start page: its reply is kept per loaded user as bytes (see
 * `dashboardReply`), only `xtime` is written per call.
 */
export const getSettingsCall = defineCall(dashboardCalls.getSettings).forSession({
  rights: [dashboardRights.view, dashboardRights.settings],
  async handle({ app, db, input, user }) {
    if (input.dataToSave) await saveDashboardSettings(db, moduleWidgets(app), input.dataToSave.data);
    return dashboardReply(app, db, user, Date.now());
  },
});

type DashboardReply = GetDashboardReply;
type DashboardSave = DashboardReply['save'];

/** A user's reply after xtime: its settings and widgets, and their JSON as bytes. */
interface BuiltDashboard {
  settingsPart: DashboardSave['settings'];
  widgets: DashboardSave['widgets'];
  /** The reply's JSON after the xtime value. */
  tail: Buffer;
}

/** Per loaded user, while the app, settings, classes and every widget's data are the same objects. */
const builtDashboards = whileInputsSame<LoadedUser, BuiltDashboard>();
const replyHead = Buffer.from('{"status":"success","save":{"xtime":');

/**
 * The reply is built again only when one of its parts is a new object: the loaded user (its row, groups,
 * rights or the org data changed), the dashboard settings (writeModuleSettings), the school classes, or
 * a widget's data (the news feed: messages, answers, seen popups, authors' names, a planned window
 * opening or closing; see feedFor). Every part is invalidated at its write sites, so this memo is too.
 */
async function dashboardReply(app: AppContext, db: Db, user: LoadedUser, xtime: number): Promise<DashboardReply> {
  const settings = await dashboardSettingsOf(app);
  const classes = app.audiences ? await app.audiences.list(db) : noClasses;
  const canView = hasRight(user.rechte, dashboardRights.view);
  const shown = canView ? await widgetsFor(app, user, settings) : [];
  const built = builtDashboards(user, [app, settings, classes, ...shown.map((entry) => entry.data)], () => {
    const settingsPart: DashboardSave['settings'] = {
      // The shared settings are only serialised here.
      ...(settings as DashboardSettings),
      allWidgets: moduleWidgets(app).map((widget) => ({ id: widget.id, name: widget.name })),
      w1_200_Elterngruppe: settings.w1_200_Elterngruppe ?? 0,
      // The audiences a module offers (200's classes), for filtering parents by class; none without it.
      w1_200_Klassen: [...classes],
    };
    const widgets = shown.map((entry) => entry.widget);
    const rest = JSON.stringify({ settings: settingsPart, widgets });
    return { settingsPart, widgets, tail: Buffer.from(`,${rest.slice(1)}}`) };
  });
  const reply: DashboardReply = {
    status: 'success',
    save: { xtime, settings: built.settingsPart, widgets: built.widgets },
  };
  return withJsonBody(reply, [replyHead, String(xtime), built.tail]);
}

const noClasses: readonly { id: number; name: string }[] = [];
