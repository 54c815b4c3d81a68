import type { ServerModule } from '../../platform/modules/server-module';
import { profileServerCalls } from './calls/own-data';

/** Module 010: own data and account settings. */
export const profileServerModule: ServerModule = { code: '010', calls: profileServerCalls };
