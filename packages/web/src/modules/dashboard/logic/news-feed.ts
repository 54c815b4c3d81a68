import { newsFeedData, type NewsFeedData } from '@hortus/contract/modules/dashboard';

const empty: NewsFeedData = { meldungen: [], kannErstellen: false, standardEmpfaenger: [], emailParameter: [] };

/** Widget 1's own fields out of the dashboard's loose widget data (nothing when they do not fit its schema). */
export function readNewsFeed(entry: unknown): NewsFeedData {
  const parsed = newsFeedData.safeParse(entry);
  return parsed.success ? parsed.data : empty;
}
