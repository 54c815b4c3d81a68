import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  schoolYearCalls,
  statisticsCalls,
  type EvaluationOptionsInput,
  type SchoolYearResult,
  type SchoolYearState,
  type StatisticsListReply,
  type StatisticsRowInput,
} from '@hortus/contract/modules/children';
import { call } from '../../../platform/api/client';
import { downloadStoredFile } from '../../../platform/api/download';
import { childrenKeys } from './children';

export const statisticsKeys = {
  all: ['children-statistics'] as const,
  day: (tag: string) => ['children-statistics', tag] as const,
};

/** The day list of /200-200 with the month and archive lists (saveAnwesenheit without changes). */
export function useDayList(tag: string) {
  return useQuery({
    queryKey: statisticsKeys.day(tag),
    queryFn: (): Promise<StatisticsListReply> => call(statisticsCalls.saveAnwesenheit, { tag }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(tag),
    placeholderData: keepPreviousData,
  });
}

/** Saves rows of the day and/or deletes an archive file; the answer replaces the day's list. */
export function useSaveDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { tag: string; liste?: StatisticsRowInput[]; delDokument?: string }) =>
      call(statisticsCalls.saveAnwesenheit, input),
    onSuccess: async (reply) => {
      queryClient.setQueryData(statisticsKeys.day(reply.tag), reply);
      // Today's rows are the children list's status too.
      await queryClient.invalidateQueries({ queryKey: childrenKeys.all });
    },
  });
}

/** createAnwesenheitsstatistik, then the lists are updated and the file downloads (4.10). */
export function useCreateEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { typ: string; wert: string; monatsuebersichtElemente?: EvaluationOptionsInput }) => {
      const reply = await call(statisticsCalls.createAnwesenheitsstatistik, input);
      queryClient.setQueriesData<StatisticsListReply>({ queryKey: statisticsKeys.all }, (old) =>
        old
          ? {
              ...old,
              anwesenheitenMonate: reply.anwesenheitenMonate,
              anwesenheitenDokumente: reply.anwesenheitenDokumente,
            }
          : old,
      );
      if (input.monatsuebersichtElemente?.loeschen)
        await queryClient.invalidateQueries({ queryKey: statisticsKeys.all });
      await downloadStoredFile(reply.file, reply.name);
      return reply;
    },
  });
}

/** zaehleAnwesenheiten: how many records an evaluation with 'Daten danach löschen' would delete. */
export async function countEvaluated(input: {
  typ: 'tag' | 'monat';
  wert: string;
  klassen: number[];
}): Promise<number> {
  return (await call(statisticsCalls.zaehleAnwesenheiten, input)).anzahl;
}

/** neuesSchuljahr: the whole change or nothing; afterwards everything of module 200 loads again. */
export function useRunSchoolYear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (state: SchoolYearState): Promise<SchoolYearResult> =>
      (await call(schoolYearCalls.neuesSchuljahr, { neuesSchuljahrStatus: state })).ergebnis,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: childrenKeys.all });
      await queryClient.invalidateQueries({ queryKey: statisticsKeys.all });
    },
  });
}
