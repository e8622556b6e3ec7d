import { ROLES, type StaffRole } from '@kopi/shared';
import type { MessageKey } from '../../../lib/i18n';

export interface AddMemberValues {
  email: string;
  first_name: string;
  role: StaffRole;
  pin: string;
}

export const ADD_MEMBER_FIELDS = ['email', 'first_name', 'role', 'pin'] as const;

/** The roles a member may have, as the page names them; a Cashier first, whom the owner adds most. */
export const ROLE_CHOICES: readonly StaffRole[] = [ROLES.cashier, ROLES.barista, ROLES.admin];

export const ROLE_KEYS: Record<string, MessageKey> = {
  [ROLES.admin]: 'admin.staff.roleAdmin',
  [ROLES.cashier]: 'admin.staff.roleCashier',
  [ROLES.barista]: 'admin.staff.roleBarista',
};
