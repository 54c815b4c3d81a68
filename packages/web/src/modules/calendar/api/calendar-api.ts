import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { fromLocal } from '@hortus/contract';
import { calendarCalls, type CalendarDataToSave, type CalendarReply } from '@hortus/contract/modules/calendar';
import { call } from '../../../platform/api/client';

/** Query key of the calendar state (events, categories, settings, feed); a window adds its bounds. */
export const calendarKey = ['calendar'] as const;

/** The time span (UTC ms) the events are loaded for (our extension of the load, docs/api.md). */
export interface CalendarWindow {
  von: number;
  bis: number;
}

export function calendarKeyOf(window?: CalendarWindow) {
  return window ? ([...calendarKey, window.von, window.bis] as const) : calendarKey;
}

/**
 * The window around a month (Berlin time): the month itself with a week before and two after, which
 * covers the weeks the month view shows; another month loads its own window.
 */
export function windowAround(year: number, month: number): CalendarWindow {
  const first = (offset: number) => {
    const index = year * 12 + (month - 1) + offset;
    return fromLocal({ year: Math.floor(index / 12), month: (index % 12) + 1, day: 1, hour: 0, minute: 0 });
  };
  return { von: first(0) - 7 * DAY_MS, bis: first(1) + 14 * DAY_MS };
}

const DAY_MS = 86_400_000;

export function windowContains(window: CalendarWindow, from: number, to: number): boolean {
  return from >= window.von && to <= window.bis;
}

/** The newest calendar state the device holds (any window): its birthdays can be kept. */
function heldState(queryClient: QueryClient): CalendarReply | undefined {
  let newest: CalendarReply | undefined;
  for (const [, data] of queryClient.getQueriesData<CalendarReply>({ queryKey: calendarKey })) {
    if (data && (!newest || data.xtime > newest.xtime)) newest = data;
  }
  return newest;
}

/**
 * The calendar's one call: load (no action), or save/delete/settings/feed, each answering the new state.
 * It names the window and the birthdays' version the device holds; when the server answers that the
 * birthdays are unchanged, the held list is kept.
 */
export async function calendarCall(
  queryClient: QueryClient,
  dataToSave?: CalendarDataToSave,
  window?: CalendarWindow,
): Promise<CalendarReply> {
  const held = heldState(queryClient);
  const stand = held?.settings.geburtstageStand;
  const reply = await call(calendarCalls.getOrSaveSettings, {
    ...(dataToSave ? { dataToSave } : {}),
    ...(window ?? {}),
    ...(stand ? { geburtstageStand: stand } : {}),
  });
  if (!reply.settings.geburtstageUnveraendert || !held) return reply;
  const { geburtstageUnveraendert: _unchanged, ...settings } = reply.settings;
  return { ...reply, settings: { ...settings, geburtstage: held.settings.geburtstage } };
}

export const calendarQueryOptions = (queryClient: QueryClient, window?: CalendarWindow) =>
  queryOptions({
    queryKey: calendarKeyOf(window),
    queryFn: () => calendarCall(queryClient, undefined, window),
    // Moving to another window keeps showing the last one until the new events arrive.
    placeholderData: keepPreviousData,
  });

export function useCalendar(window?: CalendarWindow) {
  const queryClient = useQueryClient();
  return useQuery(calendarQueryOptions(queryClient, window));
}

/** A change whose reply (the state after it) replaces the loaded state of its window; other windows reload. */
export function useCalendarChange(window?: CalendarWindow) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dataToSave: CalendarDataToSave) => calendarCall(queryClient, dataToSave, window),
    onSuccess: (reply) => {
      const key = calendarKeyOf(window);
      // The feed address is shown once; the cached state keeps only whether a feed exists.
      queryClient.setQueryData(key, { ...reply, feed: { aktiv: reply.feed.aktiv } });
      void queryClient.invalidateQueries({
        queryKey: calendarKey,
        predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(key),
      });
    },
  });
}
