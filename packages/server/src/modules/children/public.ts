/** What other server modules may use of module 200 (declared in their `dependsOn`). */
export {
  childAttendance,
  type ChildAttendance,
  type CheckedUpload,
  type NewParentReport,
  type ParentReportRow,
  type ParentsChild,
} from './children/child-attendance';
export { familyContacts, type FamilyContacts } from './children/family-contacts';
export { familyView, type AbsenceReport, type FamilyChild } from './children/family-view';
