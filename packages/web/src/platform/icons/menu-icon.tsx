import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AppsIcon from '@mui/icons-material/Apps';
import BadgeIcon from '@mui/icons-material/Badge';
import BusinessIcon from '@mui/icons-material/Business';
import CakeIcon from '@mui/icons-material/Cake';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ChatIcon from '@mui/icons-material/Chat';
import ChecklistIcon from '@mui/icons-material/Checklist';
import ContactsIcon from '@mui/icons-material/Contacts';
import ChildCareIcon from '@mui/icons-material/ChildCare';
import CloudIcon from '@mui/icons-material/Cloud';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import EditIcon from '@mui/icons-material/Edit';
import EmailIcon from '@mui/icons-material/Email';
import EventIcon from '@mui/icons-material/Event';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FireHydrantAltIcon from '@mui/icons-material/FireHydrantAlt';
import GroupIcon from '@mui/icons-material/Group';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import HelpIcon from '@mui/icons-material/Help';
import HomeIcon from '@mui/icons-material/Home';
import InfoIcon from '@mui/icons-material/Info';
import LabelIcon from '@mui/icons-material/Label';
import LanguageIcon from '@mui/icons-material/Language';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MapIcon from '@mui/icons-material/Map';
import NotesIcon from '@mui/icons-material/Notes';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import PetsIcon from '@mui/icons-material/Pets';
import PhoneIcon from '@mui/icons-material/Phone';
import SchoolIcon from '@mui/icons-material/School';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import StarIcon from '@mui/icons-material/Star';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TuneIcon from '@mui/icons-material/Tune';
import WorkIcon from '@mui/icons-material/Work';

/**
 * The MUI icons menu links may name (ModuleDefinition.icon). Only these are bundled; an unknown name
 * falls back to the Apps icon. A new module with a new icon adds one line here.
 */
const icons: Readonly<Record<string, SvgIconComponent>> = {
  AccountCircle: AccountCircleIcon,
  AdminPanelSettings: AdminPanelSettingsIcon,
  Apps: AppsIcon,
  Badge: BadgeIcon,
  Business: BusinessIcon,
  Cake: CakeIcon,
  CalendarMonth: CalendarMonthIcon,
  Chat: ChatIcon,
  Checklist: ChecklistIcon,
  Contacts: ContactsIcon,
  ChildCare: ChildCareIcon,
  Cloud: CloudIcon,
  Dashboard: DashboardIcon,
  DirectionsCar: DirectionsCarIcon,
  Edit: EditIcon,
  Email: EmailIcon,
  Event: EventIcon,
  FamilyRestroom: FamilyRestroomIcon,
  Favorite: FavoriteIcon,
  FireHydrantAlt: FireHydrantAltIcon,
  Group: GroupIcon,
  Groups: GroupsIcon,
  History: HistoryIcon,
  Help: HelpIcon,
  Home: HomeIcon,
  Info: InfoIcon,
  Label: LabelIcon,
  Language: LanguageIcon,
  LocalHospital: LocalHospitalIcon,
  ManageAccounts: ManageAccountsIcon,
  Map: MapIcon,
  Notes: NotesIcon,
  NotificationsActive: NotificationsActiveIcon,
  People: PeopleIcon,
  Person: PersonIcon,
  PersonAdd: PersonAddIcon,
  PersonRemove: PersonRemoveIcon,
  Pets: PetsIcon,
  Phone: PhoneIcon,
  School: SchoolIcon,
  Security: SecurityIcon,
  Settings: SettingsIcon,
  Star: StarIcon,
  Storefront: StorefrontIcon,
  Tune: TuneIcon,
  Work: WorkIcon,
};

export function MenuIcon({ name, fontSize }: { name: string; fontSize?: 'small' | 'medium' | 'inherit' }) {
  const Icon = icons[name] ?? AppsIcon;
  return <Icon fontSize={fontSize ?? 'medium'} />;
}
