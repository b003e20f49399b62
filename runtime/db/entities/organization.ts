import { EntitySchema } from '@mikro-orm/core';
import type { PlanId } from '../../limits/plans.js';

export type OrganizationRole = 'owner' | 'admin' | 'member';
export const ORGANIZATION_ROLES: readonly OrganizationRole[] = ['owner', 'admin', 'member'];

/** A team: members with roles, and one monthly allowance shared by every key filed under it. */
export class Organization {
  id!: string;
  name!: string;
  plan!: PlanId;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export class Membership {
  id!: string;
  organizationId!: string;
  userId!: string;
  role!: OrganizationRole;
  createdAt: Date = new Date();
}

export const OrganizationSchema = new EntitySchema<Organization>({
  class: Organization,
  tableName: 'organizations',
  properties: {
    id: { type: 'string', primary: true },
    name: { type: 'string' },
    plan: { type: 'string' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date', onUpdate: () => new Date() },
  },
});

export const MembershipSchema = new EntitySchema<Membership>({
  class: Membership,
  tableName: 'memberships',
  properties: {
    id: { type: 'string', primary: true },
    organizationId: { type: 'string' },
    userId: { type: 'string' },
    role: { type: 'string' },
    createdAt: { type: 'Date' },
  },
});
