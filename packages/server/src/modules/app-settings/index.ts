import type { ServerModule } from '../../platform/modules/server-module';
import { appSettingsCalls } from './calls';

/** Module 001: app settings. */
export const appSettingsServerModule: ServerModule = { code: '001', calls: appSettingsCalls };
