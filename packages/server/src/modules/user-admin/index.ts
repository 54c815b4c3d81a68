import type { ServerModule } from '../../platform/modules/server-module';
import { userAdminServerCalls } from './calls/index';

/** Module 005: users, parameters, groups. */
export const userAdminServerModule: ServerModule = { code: '005', calls: userAdminServerCalls };
