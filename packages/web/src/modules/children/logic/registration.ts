/** The check-in time on this device (school.md: kept on the device): now, or a chosen time (08:00). */
export interface Registration {
  fixed: boolean;
  time: string;
}

const REGISTRATION_KEY = 'f200-anmeldezeit';

export function readRegistration(): Registration {
  try {
    const stored = JSON.parse(localStorage.getItem(REGISTRATION_KEY) ?? 'null') as {
      fixed?: unknown;
      time?: unknown;
    } | null;
    if (stored && typeof stored.fixed === 'boolean' && typeof stored.time === 'string') {
      return { fixed: stored.fixed, time: stored.time };
    }
  } catch {
    // a broken entry falls back to the default
  }
  return { fixed: false, time: '08:00' };
}

export function writeRegistration(registration: Registration): void {
  localStorage.setItem(REGISTRATION_KEY, JSON.stringify(registration));
}

/** The time a check-in sends: the fixed one, or none (the server takes now). */
export const registrationTime = (registration: Registration): string | undefined =>
  registration.fixed ? registration.time : undefined;
