/**
 * The app's icons, from Lucide. Re-exports only: every icon is its own module in lucide-react, so a
 * route's chunk carries just the icons it draws and /login none. Lucide marks an icon aria-hidden unless it is given a label; the global style `svg.lucide` (src/ui/system.ts)
 * sizes them to the text around them, where a component's recipe does not size its icons itself.
 */
export {
  Check as CheckIcon,
  ChevronLeft as PreviousIcon,
  ChevronRight as NextIcon,
  Ellipsis as MoreIcon,
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
