import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SendIcon from '@mui/icons-material/Send';
import { formatGermanDateTime, formatGermanDate } from '@hortus/contract';
import {
  MESSAGE_TEXT_MAX,
  messagesMessages,
  readSummary,
  confirmSummary,
  type MessageView,
  type UploadedAttachment,
} from '@hortus/contract/modules/messages';
import { useAlert } from '../../../platform/alert/alert-context';
import { NetworkError } from '../../../platform/api/errors';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { lazyExport } from '../../../platform/lazy/lazy-export';
import { useConversation, useMessagesAction } from '../api/messages';
import { enqueueMessage, newClientId, readOutbox, writeOutbox } from '../logic/outbox';
import { autoTranslated } from '../logic/translation';
import { AttachmentPicker, MessageAttachments } from './attachments';
import { MessageText } from './message-text';

const BroadcastOverview = lazyExport(() => import('./broadcast-overview'), 'BroadcastOverview');

function ReceiptLine({
  message,
  broadcast,
  onOverview,
}: {
  message: MessageView;
  broadcast: boolean;
  onOverview(): void;
}) {
  const of = message.empfaenger.length;
  if (broadcast || of > 1) {
    return (
      <Button size="small" onClick={onOverview} data-testid="messages-read-summary">
        {readSummary(message.gelesenVon.length, of)}
        {message.bestaetigungErforderlich ? ` · ${confirmSummary(message.bestaetigtVon.length, of)}` : ''}
      </Button>
    );
  }
  const read = message.gelesenVon[0];
  return (
    <Typography variant="caption" color="text.secondary" data-testid="messages-receipt">
      {read ? `gelesen ${formatGermanDateTime(Date.parse(read.zeit))}` : 'gesendet'}
      {message.bestaetigungErforderlich && message.bestaetigtVon.length > 0 ? ' · bestätigt' : ''}
    </Typography>
  );
}

/** One conversation: its messages with receipts, 'Gelesen und verstanden', and the answer field. */
export function ConversationPanel({ id, onBack }: { id: number; onBack(): void }) {
  const query = useConversation(id);
  const action = useMessagesAction();
  const alert = useAlert();
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<UploadedAttachment[]>([]);
  const [overview, setOverview] = useState<number | null>(null);
  const marked = useRef(new Set<number>());
  const data = query.data;

  // Messages to the caller shown here count as read.
  useEffect(() => {
    if (!data) return;
    for (const message of data.nachrichten) {
      if (message.eigene || marked.current.has(message.id) || message.gelesenVon.length > 0) continue;
      marked.current.add(message.id);
      action.mutate({ type: 'gelesen', data: { id_nachricht: message.id } });
    }
  }, [data, action]);

  if (!data) {
    return query.isError ? (
      <Stack spacing={2}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ alignSelf: 'start' }}>
          Zurück
        </Button>
        <Typography>{messagesMessages.loadFailed}</Typography>
      </Stack>
    ) : (
      <PageLoading />
    );
  }
  const { konversation, nachrichten, bevorzugteSprache } = data;
  const translatedByItself = autoTranslated(nachrichten);

  const send = async () => {
    const body = {
      id_konversation: id,
      text,
      kennung: newClientId(),
      anhaenge: attachments.map((file) => file.id),
    };
    try {
      await action.mutateAsync({ type: 'sendNachricht', data: body });
      setText('');
      setAttachments([]);
      await query.refetch();
    } catch (error) {
      if (error instanceof NetworkError) {
        writeOutbox(enqueueMessage(readOutbox(), { titel: konversation.titel, send: body }));
        setText('');
        setAttachments([]);
        alert.show(messagesMessages.queued, 'info');
      } else {
        alert.error(saveErrorMessage(error, messagesMessages.sendFailed));
      }
    }
  };

  const confirm = async (message: MessageView) => {
    try {
      await action.mutateAsync({ type: 'bestaetigen', data: { id_nachricht: message.id } });
      await query.refetch();
    } catch (error) {
      alert.error(saveErrorMessage(error, messagesMessages.sendFailed));
    }
  };

  const shownOverview = nachrichten.find((message) => message.id === overview);
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton onClick={onBack} aria-label="Zurück zur Übersicht">
          <ArrowBackIcon />
        </IconButton>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h1" noWrap>
            {konversation.titel}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {konversation.rundschreiben && konversation.teilnehmer.length === 0
              ? `Rundschreiben an ${konversation.anzahlTeilnehmer - 1} Personen`
              : konversation.teilnehmer.map((person) => person.name).join(', ')}
          </Typography>
        </Box>
      </Stack>
      <Stack spacing={1.5} data-testid="messages-conversation">
        {nachrichten.map((message) => {
          const confirmedByMe = message.bestaetigtVon.length > 0;
          return (
            <Paper
              key={message.id}
              variant="outlined"
              data-testid="messages-message"
              sx={{
                p: 1.5,
                alignSelf: message.eigene ? 'flex-end' : 'flex-start',
                maxWidth: '85%',
                bgcolor: message.eigene ? 'action.hover' : 'background.paper',
              }}
            >
              <Typography variant="caption" color="text.secondary">
                {message.eigene ? 'Ich' : message.von.name} · {formatGermanDateTime(Date.parse(message.zeit))}
              </Typography>
              {message.betreff && <Typography sx={{ fontWeight: 700 }}>{message.betreff}</Typography>}
              <MessageText
                id={message.id}
                text={message.text}
                language={message.eigene ? null : bevorzugteSprache}
                auto={translatedByItself.has(message.id)}
              />
              <MessageAttachments files={message.anhaenge} />
              {message.bestaetigungErforderlich && (
                <Typography variant="body2" color="text.secondary">
                  Bestätigung erforderlich{message.frist ? ` bis ${formatGermanDate(message.frist)}` : ''}
                </Typography>
              )}
              {message.eigene ? (
                <ReceiptLine
                  message={message}
                  broadcast={konversation.rundschreiben}
                  onOverview={() => setOverview(message.id)}
                />
              ) : (
                message.bestaetigungErforderlich &&
                (confirmedByMe ? (
                  <Typography variant="body2" color="success.main" data-testid="messages-confirmed">
                    Bestätigt
                  </Typography>
                ) : (
                  <Button variant="contained" size="small" sx={{ mt: 1 }} onClick={() => void confirm(message)}>
                    {messagesMessages.confirmed}
                  </Button>
                ))
              )}
            </Paper>
          );
        })}
      </Stack>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-end' }}
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() !== '') void send();
        }}
        data-testid="messages-composer"
      >
        <TextField
          label={
            konversation.rundschreiben && konversation.id_absender !== 0 && konversation.teilnehmer.length > 0
              ? 'Private Antwort'
              : 'Antwort'
          }
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          maxRows={6}
          fullWidth
          slotProps={{ htmlInput: { maxLength: MESSAGE_TEXT_MAX } }}
        />
        <IconButton type="submit" color="primary" aria-label="Senden" disabled={text.trim() === ''}>
          <SendIcon />
        </IconButton>
      </Stack>
      <AttachmentPicker value={attachments} onChange={setAttachments} />
      {shownOverview && (
        <BroadcastOverview
          message={shownOverview}
          onClose={() => setOverview(null)}
          onChanged={() => void query.refetch()}
        />
      )}
    </Stack>
  );
}
