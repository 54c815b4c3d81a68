import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarCalls, type CalendarDataToSave, type CalendarReply } from '@hortus/contract';
import { call } from '../../../platform/api/client';

/** Query key of the calendar state (events, categories, settings, feed). */
export const calendarKey = ['calendar'] as const;

/** The calendar's one call: load (no action), or save/delete/settings/feed, each answering the new state. */
export function calendarCall(dataToSave?: CalendarDataToSave): Promise<CalendarReply> {
  return call(calendarCalls.getOrSaveSettings, dataToSave ? { dataToSave } : {});
}

export const calendarQueryOptions = () => queryOptions({ queryKey: calendarKey, queryFn: () => calendarCall() });

export function useCalendar() {
  return useQuery(calendarQueryOptions());
}

/** A change whose reply (the state after it) replaces the loaded state. */
export function useCalendarChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dataToSave: CalendarDataToSave) => calendarCall(dataToSave),
    onSuccess: (reply) => {
      // The feed address is shown once; the cached state keeps only whether a feed exists.
      queryClient.setQueryData(calendarKey, { ...reply, feed: { aktiv: reply.feed.aktiv } });
    },
  });
}
