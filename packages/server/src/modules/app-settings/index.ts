import type { ServerModule } from '../../platform/modules/server-module';
import { appSettingsServerCalls } from './calls/app-settings';

/** Module 001: app settings. */
export const appSettingsServerModule: ServerModule = { code: '001', calls: appSettingsServerCalls };
