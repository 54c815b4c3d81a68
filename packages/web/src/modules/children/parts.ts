import type { ModuleParts } from '../../platform/module-page/module-parts';
import { ReportSettingsFields } from './components/report-settings-fields';

/** What module 200 draws on other modules' pages (wired in app/modules.ts): the report settings of module 210. */
export const parts: Partial<ModuleParts> = { reportSettingsFields: ReportSettingsFields };
