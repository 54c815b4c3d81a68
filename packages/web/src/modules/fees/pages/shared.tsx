import Typography from '@mui/material/Typography';
import { ApiError } from '../../../platform/api/errors';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';

export const loadFailed = 'Die Daten konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.';

/** The message of a failed call: the first field message, else the error's own. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return Object.values(error.errors).flat()[0] ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

export function Loading({ failed }: { failed: boolean }) {
  return <PageContainer>{failed ? <Typography>{loadFailed}</Typography> : <PageLoading />}</PageContainer>;
}

export const monthLabel = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`;
