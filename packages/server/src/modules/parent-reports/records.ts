import type { AppContext } from '../../platform/http/calls';
import type { ChildAttendance } from '../../platform/modules/child-attendance';

/**
 * What module 210 needs of module 200 (the parent's children, the report settings, the exceptions), wired by
 * the app from module 200's ServerModule (docs/architecture.md "Capabilities").
 */
export function attendanceOf(app: AppContext): ChildAttendance {
  if (!app.childAttendance) throw new Error('Module 210 needs the module that provides childAttendance (200)');
  return app.childAttendance;
}

/** Most history entries sent. */
export const HISTORY_MAX = 200;
