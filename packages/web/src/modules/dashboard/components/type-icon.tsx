import type { SvgIconComponent } from '@mui/icons-material';
import CampaignIcon from '@mui/icons-material/Campaign';
import CelebrationIcon from '@mui/icons-material/Celebration';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import InfoIcon from '@mui/icons-material/Info';
import WarningIcon from '@mui/icons-material/Warning';
import type { MessageType } from '@hortus/contract/modules/dashboard';

const icons: Record<MessageType, SvgIconComponent> = {
  info: InfoIcon,
  warning: WarningIcon,
  error: ErrorIcon,
  success: CheckCircleIcon,
  ansage: CampaignIcon,
  party: CelebrationIcon,
};

export function TypeIcon({
  typ,
  fontSize = 'inherit',
}: {
  typ: MessageType;
  fontSize?: 'inherit' | 'small' | 'medium';
}) {
  const Icon = icons[typ];
  return <Icon fontSize={fontSize} />;
}

/** The alert severity (colour) of a message type. */
export function severityOf(typ: MessageType): 'info' | 'warning' | 'error' | 'success' {
  return typ === 'ansage' ? 'info' : typ === 'party' ? 'success' : typ;
}
