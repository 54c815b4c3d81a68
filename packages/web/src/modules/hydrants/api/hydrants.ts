import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  hydrantCalls,
  type Hydrant,
  type HydrantData,
  type HydrantInput,
  type HydrantSettingsInput,
  type HydrantStatus,
  type registerFormats,
} from '@hortus/contract/modules/hydrants';
import { call } from '../../../platform/api/client';
import { callWithVersion } from '../../../platform/query/versioned';
import { downloadStoredFile } from '../../../platform/api/download';

type RegisterFormat = (typeof registerFormats)[number];

export const hydrantKeys = { all: ['hydrants'] as const };

/** getHydranten: settings, register, streets, statuses, defects and the map configuration. */
export async function getHydrants(held?: HydrantData): Promise<HydrantData> {
  return callWithVersion(hydrantCalls.getHydranten, {}, held);
}

export const hydrantsQueryOptions = () =>
  queryOptions({
    queryKey: hydrantKeys.all,
    queryFn: ({ client, queryKey }) => getHydrants(client.getQueryData<HydrantData>(queryKey)),
  });

export function useHydrants() {
  return useQuery(hydrantsQueryOptions());
}

/** Puts a saved hydrant (and a new street) into the loaded register, so the map updates without a reload. */
export function useHydrantCache() {
  const queryClient = useQueryClient();
  return {
    put(hydrant: Hydrant, street?: HydrantData['strassen'][number]) {
      queryClient.setQueryData<HydrantData>(hydrantKeys.all, (data) => {
        if (!data) return data;
        const exists = data.hydranten.some((h) => h.id === hydrant.id);
        const hydranten = exists
          ? data.hydranten.map((h) => (h.id === hydrant.id ? hydrant : h))
          : [...data.hydranten, hydrant];
        const strassen =
          street && !data.strassen.some((s) => s.id === street.id) ? [...data.strassen, street] : data.strassen;
        return { ...data, hydranten, strassen };
      });
    },
    remove(id: number) {
      queryClient.setQueryData<HydrantData>(hydrantKeys.all, (data) =>
        data ? { ...data, hydranten: data.hydranten.filter((h) => h.id !== id) } : data,
      );
    },
    setAll(status: HydrantStatus) {
      queryClient.setQueryData<HydrantData>(hydrantKeys.all, (data) =>
        data ? { ...data, hydranten: data.hydranten.map((h) => ({ ...h, status })) } : data,
      );
    },
    setSettings(settings: HydrantData['settings']) {
      queryClient.setQueryData<HydrantData>(hydrantKeys.all, (data) => (data ? { ...data, settings } : data));
    },
    reload() {
      return queryClient.invalidateQueries({ queryKey: hydrantKeys.all });
    },
  };
}

export async function changeStatus(idHydrant: number, status: HydrantStatus): Promise<Hydrant> {
  return (await call(hydrantCalls.saveHydrantChangeStatus, { idHydrant, status })).hydrant;
}

/** Saves the defects; the reply's neuStatus is already applied to the answered hydrant. */
export async function changeDefects(idHydrant: number, mangel: string[]): Promise<Hydrant> {
  const reply = await call(hydrantCalls.saveHydrantChangeMangel, { idHydrant, mangel });
  return { ...reply.hydrant, status: reply.neuStatus };
}

export function saveHydrant(hydrant: HydrantInput) {
  return call(hydrantCalls.saveHydrant, { hydrant });
}

export function deleteHydrant(idHydrant: number) {
  return call(hydrantCalls.delHydrant, { idHydrant });
}

export function saveMapSettings(settings: HydrantSettingsInput) {
  return call(hydrantCalls.saveSettings, { settings });
}

export function changeAllStatuses(neuStatus: HydrantStatus) {
  return call(hydrantCalls.saveHydrantChangeStatusALL, { neuStatus });
}

export async function reverseGeocode(lat: number, lon: number) {
  return (await call(hydrantCalls.reverseGeocode, { lat, lon })).adresse;
}

export function searchAddress(q: string) {
  return call(hydrantCalls.searchAddress, { q });
}

/** The inspection report PDF: made by the server, fetched through download.php. */
export async function downloadReport(): Promise<void> {
  const reply = await call(hydrantCalls.getBericht, {});
  await downloadStoredFile(reply.file, reply.name);
}

export async function downloadRegister(format: RegisterFormat): Promise<void> {
  const reply = await call(hydrantCalls.exportRegister, { format });
  await downloadStoredFile(reply.file, reply.name);
}

export function importRegister(format: RegisterFormat, inhalt: string) {
  return call(hydrantCalls.importRegister, { format, inhalt });
}
