import type { ModuleWidgets } from '../../../platform/module-page/web-module';
import { AbsencesWidget } from './absences-widget';

/**
 * Module 200's dashboard widget 2 'Abwesenheiten', an entry of its own (app/modules.ts): the dashboard
 * loads the widget without the module's pages (issue 21).
 */
export const widgets: ModuleWidgets = { w2: AbsencesWidget };
