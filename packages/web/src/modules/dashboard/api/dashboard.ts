import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dashboardCalls,
  type DashboardSettings,
  type GetDashboardReply,
  type W1Data,
  type W1Reply,
} from '@hortus/contract/modules/dashboard';
import { call } from '../../../platform/api/client';

/** Query key of the dashboard (settings and widgets of the logged-in user). */
export const dashboardKey = ['dashboard'] as const;

export async function getDashboard(): Promise<GetDashboardReply['save']> {
  return (await call(dashboardCalls.getSettings, {})).save;
}

export const dashboardQueryOptions = () => queryOptions({ queryKey: dashboardKey, queryFn: getDashboard });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}

/** The dashboard as the page loaded it, without loading it again (dialogs opened from the dashboard). */
export function useLoadedDashboard() {
  return useQuery({ ...dashboardQueryOptions(), enabled: false });
}

/** Saves the dashboard settings (getSettings with dataToSave) and takes the fresh reply. */
export function useSaveDashboardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (data: DashboardSettings) =>
      (await call(dashboardCalls.getSettings, { dataToSave: { type: 'saveSettings', data } })).save,
    onSuccess: (save) => queryClient.setQueryData(dashboardKey, save),
  });
}

export function callW1(dataToSave: W1Data): Promise<W1Reply> {
  return call(dashboardCalls.w1, { dataToSave });
}

/** A news-feed action; the feed reloads afterwards. */
export function useW1() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: callW1,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
  });
}
