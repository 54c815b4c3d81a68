import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { canSeeOverview, type SlotView } from '@hortus/contract/modules/attendance';
import { MenuCard, type MenuCardItem } from '../../../platform/cards/menu-card';

export type SlotAction = 'open' | 'overview' | 'qr' | 'edit' | 'delete' | 'info';

/** A slot card, clickable as a whole: sort prefix, name, open-poll info and the menu (admins and viewers). */
export function SlotCard({ slot, onAction }: { slot: SlotView; onAction(action: SlotAction): void }) {
  const rights = slot.rechte;
  const isStaff = rights.sehen || rights.anwhinzufuegen || rights.anwbearbeiten || rights.bearbeiten;
  const openCount = slot.anwesenheiten.filter((poll) => !poll.geschlossen).length;
  const item = (label: string, action: SlotAction): MenuCardItem => ({ label, onClick: () => onAction(action) });
  const menuItems = [
    ...(canSeeOverview(rights) ? [item('Übersicht', 'overview')] : []),
    ...(rights.bearbeiten
      ? [item('QR-Code herunterladen', 'qr'), item('Bearbeiten', 'edit'), item('Löschen', 'delete')]
      : []),
  ];
  return (
    <MenuCard
      outlined
      testId={`slot-${slot.id}`}
      cardLabel={slot.name}
      title={slot.name}
      subheader={slot.sort}
      onOpen={() => onAction(isStaff ? 'open' : 'info')}
      menuItems={rights.bearbeiten || rights.sehen ? menuItems : []}
      actions={
        <Chip
          size="small"
          color={openCount > 0 ? 'primary' : 'default'}
          label={openCount === 1 ? '1 offene Anwesenheit' : `${openCount} offene Anwesenheiten`}
          onClick={() => onAction('info')}
        />
      }
    >
      {isStaff && (
        <Typography variant="body2" color="text.secondary">
          {slot.prueflinge.length === 1 ? '1 Person' : `${slot.prueflinge.length} Personen`}
        </Typography>
      )}
    </MenuCard>
  );
}
