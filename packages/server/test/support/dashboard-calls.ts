import {
  dashboardCalls,
  newsFeedWidget,
  type DashboardSettings,
  type GetDashboardReply,
  type Meldung,
} from '@hortus/contract/modules/dashboard';
import { expectStatus, type Reply, type TestServer } from './helper';

/**
 * The dashboard's calls as its tests use them: the load, its reply, the savable settings, saving them as
 * the holder of x|000|set (`boss`) and a user's news feed (the server and boss as they are once started).
 */
export function dashboardClient(server: () => TestServer, boss: () => string) {
  const load = (code: string): Promise<Reply> => server().call(dashboardCalls.getSettings, code, {});
  const save = async (code: string): Promise<GetDashboardReply['save']> => {
    const reply = await load(code);
    expectStatus(reply, 'success');
    return reply.body.save as GetDashboardReply['save'];
  };
  return {
    load,
    save,
    async settingsOf(code: string): Promise<DashboardSettings> {
      const { useWidgets, bedingung_f000_sehen, w1_bedingung_meldungErstellen, w1_standardEmpfaenger } = (
        await save(code)
      ).settings;
      return { useWidgets, bedingung_f000_sehen, w1_bedingung_meldungErstellen, w1_standardEmpfaenger };
    },
    saveSettings: (data: DashboardSettings): Promise<Reply> =>
      server().call(dashboardCalls.getSettings, boss(), { dataToSave: { type: 'saveSettings', data } }),
    async feed(code: string): Promise<Meldung[]> {
      const entry = (await save(code)).widgets.find((widget) => widget.id === 'w1');
      return entry ? newsFeedWidget.parse(entry).meldungen : [];
    },
  };
}
