/**
 * One cursor pagination for every list: newest first, `limit` (1–100, default 20),
 * `starting_after` (the id of the last item seen), `has_more`. Rows are ordered by
 * (created_at, id) descending, so the cursor is stable while new rows arrive.
 */
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { EntityName } from '@mikro-orm/core';
import { NotFoundError } from '../errors.js';

export interface Page<T> {
  data: T[];
  has_more: boolean;
}

interface Paginated {
  id: string;
  createdAt: Date;
}

export async function paginate<T extends Paginated>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  query: { limit?: number | undefined; starting_after?: string | undefined },
  label: string,
): Promise<Page<T>> {
  const limit = query.limit ?? 20;
  let filter = where;
  if (query.starting_after) {
    const cursor = (await em.findOne(entity, { ...(where as object), id: query.starting_after } as FilterQuery<T>)) as T | null;
    if (!cursor) throw new NotFoundError(label, query.starting_after);
    filter = {
      $and: [where, { $or: [{ createdAt: { $lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { $lt: cursor.id } }] }],
    } as FilterQuery<T>;
  }
  const rows = (await em.find(entity, filter, {
    orderBy: { createdAt: 'desc', id: 'desc' } as never,
    limit: limit + 1,
  })) as T[];
  return { data: rows.slice(0, limit), has_more: rows.length > limit };
}
