/** What other server modules may use of module 200 (declared in their `dependsOn`). */
export {
  childAttendance,
  type ChildAttendance,
  type NewParentReport,
  type ParentReportRow,
  type ParentsChild,
} from './child-attendance';
/** The classes (id, name), e.g. for 210's settings (release times per class). */
export { classNames } from './classes';
export { familyContacts, type FamilyContacts } from './family-contacts';
/** Release permissions and health notes (issue 44): 210 writes parents' permissions and same-day changes. */
export {
  addPermission,
  addSameDayChange,
  healthNotesFor,
  releaseOverview,
  removePickupPerson,
  savePickupPerson,
  type ChildHealthNotes,
} from './release';
/** Parents' proposals of health notes (issue 44): 210 sends them and shows their state. */
export { healthProposalsOf, proposeHealthNotes } from './health-proposals';
/** Consents (issue 44): 210 shows the requests to parents and records their answers. */
export { answerConsent, consentViews } from './consents';
export { familyView, type AbsenceReport, type FamilyChild } from './family-view';
