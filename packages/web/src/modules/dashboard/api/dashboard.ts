import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dashboardPaths,
  getDashboardReply,
  w1Reply,
  type DashboardSettings,
  type GetDashboardReply,
  type W1Data,
  type W1Reply,
} from '@hortus/contract';
import { call } from '../../../platform/api/client';

/** Query key of the dashboard (settings and widgets of the logged-in user). */
export const dashboardKey = ['dashboard'] as const;

export async function getDashboard(): Promise<GetDashboardReply['save']> {
  const reply = await call(dashboardPaths.getSettings, {}, getDashboardReply);
  return reply.save;
}

export const dashboardQueryOptions = () => queryOptions({ queryKey: dashboardKey, queryFn: getDashboard });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}

/** Saves the dashboard settings (getSettings with dataToSave) and takes the fresh reply. */
export function useSaveDashboardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (data: DashboardSettings) => {
      const reply = await call(
        dashboardPaths.getSettings,
        { dataToSave: JSON.stringify({ type: 'saveSettings', data }) },
        getDashboardReply,
      );
      return reply.save;
    },
    onSuccess: (save) => queryClient.setQueryData(dashboardKey, save),
  });
}

export function callW1(dataToSave: W1Data): Promise<W1Reply> {
  return call(dashboardPaths.w1, { dataToSave: JSON.stringify(dataToSave) }, w1Reply);
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
