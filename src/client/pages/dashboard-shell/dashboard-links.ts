// The dashboard's sidebar entries: customers and admins each see only their own (SPEC.md §2).
import {
  Boxes,
  KeyRound,
  FolderTree,
  ClipboardList,
  History,
  LayoutGrid,
  MailWarning,
  MessageSquareX,
  PackagePlus,
  Percent,
  ReceiptText,
  Settings,
  ShieldCheck,
  ShoppingBag,
  Star,
  TicketPercent,
  Truck,
  UserRound,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '../../../shared/users';

export interface DashboardLink {
  to: string;
  label: string;
  description: string;
  icon: LucideIcon;
}

const myProfile: DashboardLink = {
  to: '/dashboard/profile',
  label: 'My Profile',
  description: 'Your photo, name and email.',
  icon: UserRound,
};

/** Admins make the shop's keys; business customers, their own (docs/api.md "API keys"). */
const apiKeysLink: DashboardLink = {
  to: '/dashboard/apikeys',
  label: 'API keys',
  description: 'Keys for programs that use the shop’s API.',
  icon: KeyRound,
};

const customerLinks: DashboardLink[] = [
  { to: '/dashboard', label: 'My Order', description: 'Your orders: pay or cancel them.', icon: ShoppingBag },
  { to: '/dashboard/orders', label: 'Orders', description: 'The orders you placed at checkout.', icon: ReceiptText },
  { to: '/dashboard/addreview', label: 'Add A Review', description: 'Tell others about the parts.', icon: Star },
  myProfile,
];

const adminLinks: DashboardLink[] = [
  { to: '/dashboard/overview', label: 'Overview', description: 'Bookings, revenue and low stock; export orders.', icon: LayoutGrid },
  { to: '/dashboard/makeadmin', label: 'Make Admin', description: 'Promote or remove users.', icon: ShieldCheck },
  myProfile,
  { to: '/dashboard/addproducts', label: 'Add a product', description: 'Put a new part in the shop.', icon: PackagePlus },
  {
    to: '/dashboard/manageorders',
    label: 'Manage orders',
    description: 'Every customer’s orders; ship the paid ones.',
    icon: ClipboardList,
  },
  {
    to: '/dashboard/placedorders',
    label: 'Checkout orders',
    description: 'Orders placed at checkout; ship and refund them.',
    icon: ReceiptText,
  },
  { to: '/dashboard/manageproducts', label: 'Manage product', description: 'The parts on sale; delete one.', icon: Boxes },
  {
    to: '/dashboard/managereviews',
    label: 'Manage reviews',
    description: 'Customer reviews; remove spam or abuse.',
    icon: MessageSquareX,
  },
  { to: '/dashboard/auditlog', label: 'Audit log', description: 'Who did each admin action, and when.', icon: History },
  { to: '/dashboard/emails', label: 'Emails', description: 'Emails not delivered; send one again.', icon: MailWarning },
  {
    to: '/dashboard/webhooks',
    label: 'Webhooks',
    description: 'Endpoints told of orders and low stock; their deliveries.',
    icon: Webhook,
  },
  {
    to: '/dashboard/settings',
    label: 'Shop settings',
    description: 'The shop’s identity, prices with or without tax, OSS, hold time.',
    icon: Settings,
  },
  { to: '/dashboard/taxrates', label: 'Tax rates', description: 'The tax rate of each country.', icon: Percent },
  { to: '/dashboard/shipping', label: 'Shipping', description: 'Zones, their countries and their rates.', icon: Truck },
  {
    to: '/dashboard/discountcodes',
    label: 'Discount codes',
    description: 'Create, edit and deactivate codes; see their uses.',
    icon: TicketPercent,
  },
  { to: '/dashboard/categories', label: 'Categories', description: 'The category tree riders browse.', icon: FolderTree },
  apiKeysLink,
];

export function dashboardLinksFor(role: Role, business = false): DashboardLink[] {
  if (role === 'admin') return adminLinks;
  return business ? [...customerLinks, apiKeysLink] : customerLinks;
}
