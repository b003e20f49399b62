/**
 * Organisations: members with roles (owner, admin, member) and a monthly allowance shared by the
 * keys filed under the organisation. Owners and admins manage members; only an owner can make or
 * unmake an owner, and an organisation always keeps at least one owner.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import { newId } from '../ids.js';
import { Membership, Organization, type OrganizationRole } from '../db/entities/organization.js';
import { User } from '../db/entities/user.js';
import type { PlanId } from '../limits/plans.js';

export async function createOrganization(em: EntityManager, ownerId: string, name: string, plan: PlanId = 'free'): Promise<Organization> {
  // Columns hold plain ids (no ORM relations), so the insert order is ours to keep: org first.
  return em.transactional(async (tx) => {
    const org = tx.create(Organization, { id: newId('org'), name, plan, createdAt: new Date(), updatedAt: new Date() });
    await tx.persistAndFlush(org);
    await tx.persistAndFlush(
      tx.create(Membership, { id: newId('mem'), organizationId: org.id, userId: ownerId, role: 'owner', createdAt: new Date() }),
    );
    return org;
  });
}

export function getOrganization(em: EntityManager, id: string): Promise<Organization> {
  return em.findOneOrFail(Organization, { id });
}

/** The user's organisations with the user's role in each, oldest membership first. */
export async function organizationsOf(
  em: EntityManager,
  userId: string,
): Promise<Array<{ organization: Organization; role: OrganizationRole }>> {
  const memberships = await em.find(Membership, { userId }, { orderBy: { createdAt: 'asc' } });
  const orgs = new Map((await em.find(Organization, { id: { $in: memberships.map((m) => m.organizationId) } })).map((o) => [o.id, o]));
  return memberships.flatMap((m) => {
    const organization = orgs.get(m.organizationId);
    return organization ? [{ organization, role: m.role }] : [];
  });
}

/** An organisation's members, oldest first, each with its user (absent once the user is erased). */
export async function membersOf(em: EntityManager, organizationId: string): Promise<Array<{ membership: Membership; user?: User }>> {
  const memberships = await em.find(Membership, { organizationId }, { orderBy: { createdAt: 'asc' } });
  const users = new Map((await em.find(User, { id: { $in: memberships.map((m) => m.userId) } })).map((u) => [u.id, u]));
  return memberships.map((membership) => ({ membership, user: users.get(membership.userId) }));
}

/** The caller's membership, or 404 (an organisation one is not in does not exist for one). */
export async function requireMembership(em: EntityManager, organizationId: string, userId: string): Promise<Membership> {
  const membership = await em.findOne(Membership, { organizationId, userId });
  if (!membership) throw new NotFoundError('organization', organizationId);
  return membership;
}

function requireManager(membership: Membership): void {
  if (membership.role === 'member') throw new ForbiddenError('only owners and admins manage members');
}

export async function addMember(
  em: EntityManager,
  actorId: string,
  organizationId: string,
  email: string,
  role: OrganizationRole,
): Promise<Membership> {
  const actor = await requireMembership(em, organizationId, actorId);
  requireManager(actor);
  if (role === 'owner' && actor.role !== 'owner') throw new ForbiddenError('only an owner can add an owner');
  const user = await em.findOne(User, { email: email.trim().toLowerCase() });
  if (!user) throw new NotFoundError('user', email);
  if (await em.count(Membership, { organizationId, userId: user.id })) throw new ConflictError(`${email} is already a member`);
  const membership = em.create(Membership, { id: newId('mem'), organizationId, userId: user.id, role, createdAt: new Date() });
  await em.persistAndFlush(membership);
  return membership;
}

export async function changeRole(
  em: EntityManager,
  actorId: string,
  organizationId: string,
  memberUserId: string,
  role: OrganizationRole,
): Promise<Membership> {
  const actor = await requireMembership(em, organizationId, actorId);
  requireManager(actor);
  const target = await em.findOne(Membership, { organizationId, userId: memberUserId });
  if (!target) throw new NotFoundError('member', memberUserId);
  if ((role === 'owner' || target.role === 'owner') && actor.role !== 'owner') {
    throw new ForbiddenError('only an owner can grant or take away the owner role');
  }
  if (target.role === 'owner' && role !== 'owner') {
    const owners = await em.count(Membership, { organizationId, role: 'owner' });
    if (owners <= 1) throw new ConflictError('an organization must keep at least one owner');
  }
  target.role = role;
  await em.flush();
  return target;
}
