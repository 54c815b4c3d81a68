import { useState } from 'react';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { canSeeOverview, type SlotView } from '@hortus/contract';

export type SlotAction = 'open' | 'overview' | 'qr' | 'edit' | 'delete' | 'info';

/** A slot card, clickable as a whole: sort prefix, name, open-poll info and the menu (admins and viewers). */
export function SlotCard({ slot, onAction }: { slot: SlotView; onAction(action: SlotAction): void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const rights = slot.rechte;
  const isStaff = rights.sehen || rights.anwhinzufuegen || rights.anwbearbeiten || rights.bearbeiten;
  const showMenu = rights.bearbeiten || rights.sehen;
  const openCount = slot.anwesenheiten.filter((poll) => !poll.geschlossen).length;
  const pick = (action: SlotAction) => {
    setAnchor(null);
    onAction(action);
  };
  return (
    <Card variant="outlined" data-testid={`slot-${slot.id}`} aria-label={slot.name} sx={{ position: 'relative' }}>
      {/* The whole card opens the slot; the menu button sits above it (no button inside a button). */}
      <CardActionArea aria-label={`${slot.name} öffnen`} onClick={() => onAction(isStaff ? 'open' : 'info')}>
        <CardHeader title={slot.name} subheader={slot.sort} sx={{ pr: showMenu ? 7 : undefined }} />
        <CardContent sx={{ pt: 0 }}>
          <Chip
            size="small"
            color={openCount > 0 ? 'primary' : 'default'}
            label={openCount === 1 ? '1 offene Anwesenheit' : `${openCount} offene Anwesenheiten`}
            onClick={(event) => {
              event.stopPropagation();
              onAction('info');
            }}
          />
          {isStaff && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {slot.prueflinge.length === 1 ? '1 Person' : `${slot.prueflinge.length} Personen`}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
      {showMenu && (
        <IconButton
          aria-label={`Menü ${slot.name}`}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ position: 'absolute', top: 8, right: 8 }}
        >
          <MoreVertIcon />
        </IconButton>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {canSeeOverview(rights) && <MenuItem onClick={() => pick('overview')}>Übersicht</MenuItem>}
        {rights.bearbeiten && <MenuItem onClick={() => pick('qr')}>QR-Code herunterladen</MenuItem>}
        {rights.bearbeiten && <MenuItem onClick={() => pick('edit')}>Bearbeiten</MenuItem>}
        {rights.bearbeiten && <MenuItem onClick={() => pick('delete')}>Löschen</MenuItem>}
      </Menu>
    </Card>
  );
}
