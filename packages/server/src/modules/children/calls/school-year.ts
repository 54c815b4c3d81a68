import { childrenRights, schoolYearCalls } from '@hortus/contract/modules/children';
import { defineCall } from '../../../platform/http/calls';
import { runSchoolYear } from '../school-year';

/** neuesSchuljahr (x|200|set): the school-year wizard's change, all or nothing. */
export const neuesSchuljahrCall = defineCall(schoolYearCalls.neuesSchuljahr).forSession({
  rights: [childrenRights.settings],
  async handle({ app, input, user }) {
    return { status: 'success', ergebnis: await runSchoolYear(app, user, input.neuesSchuljahrStatus) };
  },
});
