import net from 'node:net';
import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import { rules } from '@hortus/contract';
import { readAppSettings } from '../settings/app-settings';
import type { AppContext } from './calls';

/**
 * The app's public address, without a trailing slash, for links, login letters and QR codes: the app
 * setting app_url, else PUBLIC_URL, else a safe fallback (`fallbackAddress`) — never a host name a
 * request merely claims.
 */
export async function appAddress(app: AppContext, request: FastifyRequest): Promise<string> {
  const settings = await readAppSettings(app.db);
  const appUrl = rules.httpUrl(settings.app_url) === null ? settings.app_url : '';
  return (appUrl || app.publicUrl || fallbackAddress(request)).replace(/\/+$/, '');
}

/**
 * Without a configured address the request's `Host` is taken only when it names this machine: a loopback
 * name or address, or an address of one of its network interfaces (a LAN installation opened as
 * http://192.168.1.10:3000). Any other host name — which anybody can write into the header — gives
 * `http://localhost:<port>` instead; the administrator sets the real address in the app settings.
 */
export function fallbackAddress(request: FastifyRequest): string {
  const hostname = request.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  // The port this server took the request on (not one the header names).
  const port = request.socket.localPort;
  if (isOwnHost(hostname) && (request.port === null || /^\d{1,5}$/.test(String(request.port)))) {
    return `${request.protocol}://${request.host}`;
  }
  return `http://localhost${port ? `:${port}` : ''}`;
}

function isOwnHost(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  if (net.isIP(hostname) === 0) return false;
  if (hostname === '::1' || hostname.startsWith('127.')) return true;
  return Object.values(os.networkInterfaces()).some((entries) =>
    (entries ?? []).some((entry) => entry.address.toLowerCase() === hostname),
  );
}
