import type { SvgIconComponent } from '@mui/icons-material';
import AppsIcon from '@mui/icons-material/Apps';
import BadgeIcon from '@mui/icons-material/Badge';
import BusinessIcon from '@mui/icons-material/Business';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ChatIcon from '@mui/icons-material/Chat';
import ChecklistIcon from '@mui/icons-material/Checklist';
import ChildCareIcon from '@mui/icons-material/ChildCare';
import CloudIcon from '@mui/icons-material/Cloud';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import FireHydrantAltIcon from '@mui/icons-material/FireHydrantAlt';
import GroupIcon from '@mui/icons-material/Group';
import HelpIcon from '@mui/icons-material/Help';
import HomeIcon from '@mui/icons-material/Home';
import InfoIcon from '@mui/icons-material/Info';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MapIcon from '@mui/icons-material/Map';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import TuneIcon from '@mui/icons-material/Tune';
import WorkIcon from '@mui/icons-material/Work';

/**
 * The MUI icons menu links may name (ModuleDefinition.icon). Only these are bundled; an unknown name
 * falls back to the Apps icon. A new module with a new icon adds one line here.
 */
const icons: Readonly<Record<string, SvgIconComponent>> = {
  Apps: AppsIcon,
  Badge: BadgeIcon,
  Business: BusinessIcon,
  CalendarMonth: CalendarMonthIcon,
  Chat: ChatIcon,
  Checklist: ChecklistIcon,
  ChildCare: ChildCareIcon,
  Cloud: CloudIcon,
  Dashboard: DashboardIcon,
  Event: EventIcon,
  FamilyRestroom: FamilyRestroomIcon,
  FireHydrantAlt: FireHydrantAltIcon,
  Group: GroupIcon,
  Help: HelpIcon,
  Home: HomeIcon,
  Info: InfoIcon,
  ManageAccounts: ManageAccountsIcon,
  Map: MapIcon,
  People: PeopleIcon,
  Person: PersonIcon,
  Security: SecurityIcon,
  Settings: SettingsIcon,
  Tune: TuneIcon,
  Work: WorkIcon,
};

export function MenuIcon({ name, fontSize }: { name: string; fontSize?: 'small' | 'medium' | 'inherit' }) {
  const Icon = icons[name] ?? AppsIcon;
  return <Icon fontSize={fontSize ?? 'medium'} />;
}
