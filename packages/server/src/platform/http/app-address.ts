import type { FastifyRequest } from 'fastify';
import { rules } from '@hortus/contract';
import { readAppSettings } from '../settings/app-settings';
import type { AppContext } from './calls';

/**
 * The app's public address, without a trailing slash, for links and QR codes: the app setting app_url,
 * else PUBLIC_URL, else the address the request came to.
 */
export async function appAddress(app: AppContext, request: FastifyRequest): Promise<string> {
  const settings = await readAppSettings(app.db);
  const appUrl = rules.httpUrl(settings.app_url) === null ? settings.app_url : '';
  return (appUrl || app.publicUrl || `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
