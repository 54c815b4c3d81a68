import { hasRight } from '@hortus/contract';
import {
  dashboardCalls,
  dashboardRights,
  type DashboardSettings,
  type GetDashboardReply,
} from '@hortus/contract/modules/dashboard';
import type { LoadedUser } from '../../../platform/auth/session-user';
import { whileInputsSame, whileReadsHold } from '../../../platform/cache/derived';
import type { Db } from '../../../platform/db/database';
import { defineCall, withJsonBody, type AppContext } from '../../../platform/http/calls';
import { saveDashboardSettings } from '../settings';
import { dashboardSettingsOf, moduleWidgets, widgetsFor } from '../widgets';

/**
 * Calls of the dashboard (000) under /_api/000/000/ (docs/api.md); saveSettings' right is checked by the
 * dispatcher. The load runs on every start page: its reply is kept per loaded user as bytes (see
 * `dashboardReply`), only `xtime` is written per call; while nothing it was built from changed, nothing
 * else runs (`keptDashboards`).
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
/** Per loaded user and app, while every cache entry the build read holds (see `whileReadsHold`). */
export const keptDashboards = whileReadsHold<LoadedUser, BuiltDashboard>();
const replyHead = Buffer.from('{"status":"success","save":{"xtime":');

/**
 * The reply's parts after xtime are built again only when something they were built from changed: the
 * loaded user is a new object when its row, groups, rights or the org data change; every other part
 * (the dashboard settings, the school classes, each widget's data — the news feed's messages, answers,
 * seen popups and authors' names) is read from the hot cache, whose entries are invalidated at their
 * write sites; a planned message's window opening or closing ends the kept reply too (`holdsUntil`).
 */
async function dashboardReply(app: AppContext, db: Db, user: LoadedUser, xtime: number): Promise<DashboardReply> {
  const built = await keptDashboards(user, [app], () => buildDashboard(app, db, user));
  const reply: DashboardReply = {
    status: 'success',
    save: { xtime, settings: built.settingsPart, widgets: built.widgets },
  };
  return withJsonBody(reply, [replyHead, String(xtime), built.tail]);
}

/** The reply after xtime; the same object while the settings, classes and widgets' data are the same. */
async function buildDashboard(app: AppContext, db: Db, user: LoadedUser): Promise<BuiltDashboard> {
  const settings = await dashboardSettingsOf(app);
  const classes = app.audiences ? await app.audiences.list(db) : noClasses;
  const canView = hasRight(user.rechte, dashboardRights.view);
  const shown = canView ? await widgetsFor(app, user, settings) : [];
  return builtDashboards(user, [app, settings, classes, ...shown.map((entry) => entry.data)], () => {
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
}

const noClasses: readonly { id: number; name: string }[] = [];
