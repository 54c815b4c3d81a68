import Typography from '@mui/material/Typography';
import type { CloudSlot } from '@hortus/contract/modules/cloud';
import { MenuCard } from '../../../platform/cards/menu-card';

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
  const count = fileCount(slot);
  const topics = Object.keys(slot.dateien).length;
  const isAdmin = slot.rechte.bearbeiten;
  return (
    <MenuCard
      component="article"
      cardLabel={`Slot ${slot.name}`}
      title={slot.name}
      subheader={slot.sort}
      onOpen={onOpen}
      sx={{ height: '100%' }}
      menuItems={[
        { label: 'Öffnen', onClick: onOpen },
        ...(isAdmin
          ? [
              { label: 'Bearbeiten', onClick: onEdit },
              { label: 'QR-Code herunterladen', onClick: onQrCode },
              { label: 'Löschen', onClick: onDelete },
            ]
          : []),
      ]}
    >
      <Typography variant="body2" color="text.secondary">
        {count === 1 ? '1 Datei' : `${count} Dateien`} in {topics === 1 ? '1 Thema' : `${topics} Themen`}
      </Typography>
    </MenuCard>
  );
}
