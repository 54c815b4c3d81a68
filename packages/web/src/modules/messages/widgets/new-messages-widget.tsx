import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatGermanDateTime } from '@hortus/contract';
import { messagesMessages } from '@hortus/contract/modules/messages';
import type { WidgetProps } from '../../../platform/module-page/web-module';
import { readNewMessages } from '../logic/new-messages';

/** Widget w3 'Neue Nachrichten': the caller's conversations with unread messages, each opening the conversation. */
export function NewMessagesWidget({ widget }: WidgetProps) {
  // The dashboard sends every widget's data loosely; w3 reads its own fields by its schema.
  const items = useMemo(() => readNewMessages(widget).konversationen, [widget]);
  if (items.length === 0) return <Typography color="text.secondary">{messagesMessages.noNewMessages}</Typography>;
  return (
    <List disablePadding data-testid="messages-widget">
      {items.map((item) => (
        <ListItemButton
          key={item.id}
          component={RouterLink}
          to={`/120?k=${item.id}`}
          divider
          aria-label={`${item.titel}, ${messagesMessages.unreadCount(item.ungelesen)}`}
          aria-describedby={item.letzteNachricht ? `w3-letzte-${item.id}` : undefined}
        >
          <ListItemText
            primary={item.titel}
            secondary={
              item.letzteNachricht
                ? `${item.letzteNachricht.von}: ${item.letzteNachricht.text} · ${formatGermanDateTime(Date.parse(item.letzteNachricht.zeit))}`
                : null
            }
            slotProps={{
              primary: { sx: { fontWeight: 700 }, noWrap: true },
              secondary: { noWrap: true, id: `w3-letzte-${item.id}` },
            }}
          />
          <Badge color="primary" badgeContent={item.ungelesen} max={99} sx={{ mx: 1.5 }} />
        </ListItemButton>
      ))}
    </List>
  );
}
