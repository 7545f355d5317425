import {
  Activity,
  CalendarClock,
  Gavel,
  History,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Package,
  PackageCheck,
  Rocket,
  RotateCcw,
  ScanBarcode,
  Settings,
  ShieldAlert,
  ShoppingBag,
  Upload,
  Users,
} from 'lucide-react';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A section page loaded on demand (its own chunk); the module's default export is the page. */
export function adminPage(
  load: () => Promise<{ default: ComponentType }>,
): LazyExoticComponent<ComponentType> {
  return lazy(load);
}

/**
 * The back-office's sections, in navigation order. Each section's page is its own chunk, loaded
 * when opened: `page: adminPage(() => import('../../features/<area>/components/<Page>'))`.
 * The page is mounted at `/admin/<path>/*`, so it may have sub-pages (its own <Routes>).
 */
export interface AdminSection {
  /** Below /admin; '' is the dashboard. */
  path: string;
  label: string;
  icon: LucideIcon;
  page: LazyExoticComponent<ComponentType>;
}

export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: '',
    label: 'Dashboard',
    icon: LayoutDashboard,
    page: adminPage(() => import('../../features/admin-dashboard/components/DashboardPage')),
  },
  {
    path: 'catalogue',
    label: 'Catalogue',
    icon: Package,
    page: adminPage(() => import('../../features/admin-catalogue/components/CataloguePage')),
  },
  {
    path: 'intake',
    label: 'Intake',
    icon: ScanBarcode,
    page: adminPage(() => import('../../features/admin-intake/components/IntakePage')),
  },
  {
    path: 'import',
    label: 'Import',
    icon: Upload,
    page: adminPage(() => import('../../features/admin-import/components/ImportPage')),
  },
  {
    path: 'auctions',
    label: 'Auctions',
    icon: Gavel,
    page: adminPage(() => import('../../features/admin-auctions/components/AuctionsPage')),
  },
  {
    path: 'orders',
    label: 'Orders',
    icon: ShoppingBag,
    page: adminPage(() => import('./OrdersSection')),
  },
  {
    path: 'returns',
    label: 'Returns',
    icon: RotateCcw,
    page: adminPage(() => import('../../features/admin-returns/components/ReturnsPage')),
  },
  {
    path: 'pickup',
    label: 'Pickup desk',
    icon: PackageCheck,
    page: adminPage(() => import('../../features/admin-desk/components/DeskPage')),
  },
  {
    path: 'schedule',
    label: 'Schedule',
    icon: CalendarClock,
    page: adminPage(() => import('../../features/admin-schedule/components/SchedulePage')),
  },
  {
    path: 'people',
    label: 'People',
    icon: Users,
    page: adminPage(() => import('../../features/admin-people/components/PeopleSection')),
  },
  {
    path: 'signals',
    label: 'Signals',
    icon: ShieldAlert,
    page: adminPage(() => import('../../features/admin-signals/components/SignalsPage')),
  },
  {
    path: 'launch-list',
    label: 'Launch list',
    icon: Rocket,
    page: adminPage(() => import('../../features/admin-launch/components/LaunchListPage')),
  },
  {
    path: 'messages',
    label: 'Messages',
    icon: Mail,
    page: adminPage(() => import('../../features/admin-messages/components/MessagesSection')),
  },
  {
    path: 'settings',
    label: 'Settings',
    icon: Settings,
    page: adminPage(() => import('../../features/admin-settings/components/SettingsPage')),
  },
  {
    path: 'operations',
    label: 'Operations',
    icon: Activity,
    page: adminPage(() => import('../../features/admin-operations/components/OperationsPage')),
  },
  {
    path: 'audit',
    label: 'Audit log',
    icon: History,
    page: adminPage(() => import('../../features/admin-audit/components/AuditPage')),
  },
];

/** The link to a section (`/admin`, `/admin/people`). */
export function adminPath(section: Pick<AdminSection, 'path'>): string {
  return section.path ? `/admin/${section.path}` : '/admin';
}
