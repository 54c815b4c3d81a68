import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatGermanDate } from '@hortus/contract';
import { mayAnswer, type ConsentRequestView } from '@hortus/contract/modules/children';
import { parentReportsMessages } from '@hortus/contract/modules/parent-reports';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useSaveParentReports } from '../api/parent-reports';

const answerText = (zustimmung: boolean | null) =>
  zustimmung === null ? 'noch nicht beantwortet' : zustimmung ? 'eingewilligt' : 'nicht eingewilligt';

/**
 * 'Einwilligungen' on the 'Kontakt' tab (issue 44): each request for the parent's children, answered yes or
 * no per child; a yes may be revoked later.
 */
export function ConsentRequests({ requests, today }: { requests: readonly ConsentRequestView[]; today: string }) {
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveParentReports();
  if (requests.length === 0) return null;
  const answer = (request: ConsentRequestView, childId: number, zustimmung: boolean) =>
    void saveAction(
      () => save({ type: 'einwilligung', data: { id_anfrage: request.id, id_kind: childId, zustimmung } }),
      { success: zustimmung ? 'Einwilligung erteilt.' : 'Gespeichert.', failure: parentReportsMessages.sendFailed },
    );
  return (
    <Stack spacing={2} data-testid="consents">
      {requests.map((request) => (
        <Paper key={request.id} sx={{ p: 2 }} data-testid={`consent-${request.id}`}>
          <Typography variant="h6" component="h2">
            Einwilligung: {request.titel}
          </Typography>
          <Typography variant="subtitle2">Zweck: {request.zweck}</Typography>
          <Typography sx={{ whiteSpace: 'pre-line', my: 1 }}>{request.text}</Typography>
          {(request.frist || request.gueltigBis) && (
            <Typography variant="body2" color="text.secondary">
              {request.frist ? `Antwort bis ${formatGermanDate(request.frist)}. ` : ''}
              {request.gueltigBis ? `Gilt bis ${formatGermanDate(request.gueltigBis)}.` : ''}
            </Typography>
          )}
          {request.antworten.map((entry) => (
            <Box
              key={entry.id_kind}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}
              data-testid={`consent-${request.id}-${entry.id_kind}`}
            >
              <Typography sx={{ flex: '1 1 160px' }}>
                {entry.name}: {answerText(entry.zustimmung)}
                {entry.am ? ` (${entry.am})` : ''}
              </Typography>
              {entry.zustimmung !== true && mayAnswer(request.frist, true, today) && (
                <Button variant="contained" size="small" onClick={() => answer(request, entry.id_kind, true)}>
                  Ja, ich willige ein
                </Button>
              )}
              {entry.zustimmung === null && (
                <Button variant="outlined" size="small" onClick={() => answer(request, entry.id_kind, false)}>
                  Nein
                </Button>
              )}
              {entry.zustimmung === true && (
                <Button
                  variant="outlined"
                  color="error"
                  size="small"
                  onClick={() => answer(request, entry.id_kind, false)}
                >
                  Widerrufen
                </Button>
              )}
            </Box>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
