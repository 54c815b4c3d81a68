import type { ServerModule } from '../../platform/modules/server-module';
import { getMeineDatenCall, saveMeineDatenCall } from './calls/own-data';

/** Module 010: own data and account settings (README.md). */
export const profileServerModule: ServerModule = { code: '010', calls: [getMeineDatenCall, saveMeineDatenCall] };
