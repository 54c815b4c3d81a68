import type { ServerModule } from '../../platform/modules/server-module';
import { getOrSaveSettingsCall } from './calls/app-settings';

/** Module 001: app settings (README.md). */
export const appSettingsServerModule: ServerModule = { code: '001', calls: [getOrSaveSettingsCall] };
