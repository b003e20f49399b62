/** Users: creation (CLI bootstrap) and profile settings. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError } from '../errors.js';
import { newId } from '../ids.js';
import { DEFAULT_USER_SETTINGS, User, type UserSettings } from '../db/entities/user.js';
import type { PlanId } from '../limits/plans.js';

export async function createUser(em: EntityManager, input: { email: string; name: string; plan?: PlanId }): Promise<User> {
  const email = input.email.trim().toLowerCase();
  if (await em.count(User, { email })) throw new ConflictError(`a user with email ${email} exists`);
  const user = em.create(User, {
    id: newId('usr'),
    email,
    name: input.name,
    plan: input.plan ?? 'free',
    settings: { ...DEFAULT_USER_SETTINGS },
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await em.persistAndFlush(user);
  return user;
}

/** The user a verified credential belongs to (it exists: erasure revokes the credential first). */
export function getUser(em: EntityManager, id: string): Promise<User> {
  return em.findOneOrFail(User, { id });
}

export async function updateUser(
  em: EntityManager,
  user: User,
  patch: { name?: string | undefined; settings?: Partial<UserSettings> | undefined },
): Promise<User> {
  if (patch.name !== undefined) user.name = patch.name;
  if (patch.settings) user.settings = { ...user.settings, ...patch.settings };
  await em.flush();
  return user;
}

export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
