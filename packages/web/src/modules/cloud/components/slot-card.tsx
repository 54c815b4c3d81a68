import { useState } from 'react';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { CloudSlot } from '@hortus/contract';

export interface SlotCardProps {
  slot: CloudSlot;
  onOpen(): void;
  onEdit(): void;
  onDelete(): void;
  onQrCode(): void;
}

function fileCount(slot: CloudSlot): number {
  return Object.values(slot.dateien).reduce((sum, list) => sum + list.length, 0);
}

/** A slot card, clickable as a whole: sort prefix, name and a menu (open; edit, QR code, delete for slot admins). */
export function SlotCard({ slot, onOpen, onEdit, onDelete, onQrCode }: SlotCardProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = fileCount(slot);
  const topics = Object.keys(slot.dateien).length;
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <Card component="article" aria-label={`Slot ${slot.name}`} sx={{ height: '100%', position: 'relative' }}>
      {/* The whole card opens the slot; the menu button sits above it (no button inside a button). */}
      <CardActionArea
        onClick={onOpen}
        aria-label={`${slot.name} öffnen`}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <CardHeader subheader={slot.sort} title={slot.name} sx={{ pr: 7 }} />
        <CardContent sx={{ pt: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {count === 1 ? '1 Datei' : `${count} Dateien`} in {topics === 1 ? '1 Thema' : `${topics} Themen`}
          </Typography>
        </CardContent>
      </CardActionArea>
      <IconButton
        aria-label={`Menü ${slot.name}`}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ position: 'absolute', top: 8, right: 8 }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={run(onOpen)}>Öffnen</MenuItem>
        {slot.rechte.bearbeiten && <MenuItem onClick={run(onEdit)}>Bearbeiten</MenuItem>}
        {slot.rechte.bearbeiten && <MenuItem onClick={run(onQrCode)}>QR-Code herunterladen</MenuItem>}
        {slot.rechte.bearbeiten && <MenuItem onClick={run(onDelete)}>Löschen</MenuItem>}
      </Menu>
    </Card>
  );
}
