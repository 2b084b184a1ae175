import { type Role, roleKey } from '@portal/contract';
import type { TFunction } from 'i18next';

/** The translated name of a role. */
export const roleLabel = (t: TFunction, role: Role): string => t(`roles.${roleKey(role)}`);
