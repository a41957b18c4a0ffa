/** The app's icons, re-exported from Lucide one module each, so a route's chunk carries just those it draws. */

export {
  Check as CheckIcon,
  ChevronLeft as PreviousIcon,
  ChevronRight as NextIcon,
  Ellipsis as MoreIcon,
  Hand as WaveIcon,
  House as HomeIcon,
  KeyRound as KeyIcon,
  LockOpen as UnlockIcon,
  LogOut as LogOutIcon,
  Menu as MenuIcon,
  Package as ItemsIcon,
  Pencil as EditIcon,
  Plus as PlusIcon,
  Settings as SettingsIcon,
  Trash2 as TrashIcon,
  User as UserIcon,
  Users as UsersIcon,
} from 'lucide-react';
