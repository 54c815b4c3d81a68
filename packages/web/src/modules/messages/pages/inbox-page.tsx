import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import CampaignIcon from '@mui/icons-material/Campaign';
import { formatGermanDateTime } from '@hortus/contract';
import { matchesSearch, messagesMessages, type ConversationItem } from '@hortus/contract/modules/messages';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { SearchField } from '../../../platform/filters/search-field';
import { PageContainer } from '../../../platform/layout/page-container';
import { lazyExport } from '../../../platform/lazy/lazy-export';
import { useInbox, useOutboxSender } from '../api/messages';
import { readOutbox } from '../logic/outbox';
import { ConversationPanel } from '../components/conversation-panel';

const ComposeDialog = lazyExport(() => import('../components/compose-dialog'), 'ComposeDialog');

type Filter = 'alle' | 'ungelesen' | 'bestaetigung';

/** The inbox filters: unread, needs confirmation, and the search over title, people and the last message. */
export function filterConversations(items: readonly ConversationItem[], filter: Filter, search: string) {
  return items.filter(
    (item) =>
      (filter === 'alle' || (filter === 'ungelesen' ? item.ungelesen > 0 : item.bestaetigungOffen > 0)) &&
      matchesSearch(
        [item.titel, ...item.teilnehmer.map((person) => person.name), item.letzteNachricht?.text ?? ''].join(' '),
        search,
      ),
  );
}

/** /120: the inbox; `?k=<id>` opens a conversation (phone-first: one column; list and conversation side by side on wide screens). */
export function InboxPage() {
  const query = useInbox();
  useOutboxSender();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('alle');
  const [composing, setComposing] = useState(false);
  const openId = Number(params.get('k') ?? '0') || 0;
  const data = query.data;
  if (!data) {
    return (
      <PageContainer>
        {query.isError ? <Typography>{messagesMessages.loadFailed}</Typography> : <PageLoading />}
      </PageContainer>
    );
  }
  const openConversation = (id: number) => setParams(id ? { k: String(id) } : {});
  if (openId) {
    return (
      <PageContainer>
        <ConversationPanel id={openId} onBack={() => openConversation(0)} />
      </PageContainer>
    );
  }
  const queued = readOutbox();
  const shown = filterConversations(data.konversationen, filter, search);
  return (
    <PageContainer>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <SearchField value={search} onChange={setSearch} />
          <Button variant="contained" startIcon={<EditIcon />} onClick={() => setComposing(true)}>
            Neu
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} role="group" aria-label="Filter">
          {(
            [
              ['alle', 'Alle'],
              ['ungelesen', `Ungelesen${data.ungelesen > 0 ? ` (${data.ungelesen})` : ''}`],
              ['bestaetigung', 'Bestätigung offen'],
            ] as const
          ).map(([value, label]) => (
            <Chip
              key={value}
              label={label}
              color={filter === value ? 'primary' : 'default'}
              variant={filter === value ? 'filled' : 'outlined'}
              onClick={() => setFilter(value)}
              aria-pressed={filter === value}
            />
          ))}
        </Stack>
        {queued.length > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="messages-queued">
            {queued.length === 1 ? '1 Nachricht wartet' : `${queued.length} Nachrichten warten`} auf die Verbindung.
          </Typography>
        )}
        <Paper>
          {shown.length === 0 ? (
            <Typography sx={{ p: 2 }}>{messagesMessages.noConversations}</Typography>
          ) : (
            <List disablePadding data-testid="messages-inbox">
              {shown.map((item) => (
                <ListItemButton key={item.id} divider onClick={() => openConversation(item.id)}>
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        {item.rundschreiben && <CampaignIcon fontSize="small" titleAccess="Rundschreiben" />}
                        <Typography
                          component="span"
                          sx={{ fontWeight: item.ungelesen > 0 ? 700 : 400, flex: 1 }}
                          noWrap
                        >
                          {item.titel}
                        </Typography>
                        {item.ungelesen > 0 && <Badge color="primary" badgeContent={item.ungelesen} sx={{ mr: 1 }} />}
                      </Stack>
                    }
                    secondary={
                      item.letzteNachricht
                        ? `${item.letzteNachricht.von}: ${item.letzteNachricht.text} · ${formatGermanDateTime(Date.parse(item.letzteNachricht.zeit))}`
                        : item.teilnehmer.map((person) => person.name).join(', ')
                    }
                    slotProps={{ secondary: { noWrap: true } }}
                  />
                  {item.bestaetigungOffen > 0 && (
                    <Chip size="small" color="warning" variant="outlined" label="Bestätigen" />
                  )}
                </ListItemButton>
              ))}
            </List>
          )}
        </Paper>
      </Stack>
      {composing && (
        <ComposeDialog
          data={data}
          onClose={() => setComposing(false)}
          onSent={(id) => {
            setComposing(false);
            if (id) openConversation(id);
          }}
        />
      )}
    </PageContainer>
  );
}
