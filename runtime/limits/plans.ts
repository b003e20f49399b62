/**
 * Plans and their limits: the one table every limit is read from. Monthly allowances are the
 * spec's (Free 5,000, Pro 50,000, Enterprise unlimited); daily per-key quotas and per-minute
 * rates are ours, documented in docs/LIMITS.md, and can be overridden with COMPANION_PLAN_LIMITS.
 */
import type { PlanLimitOverrides } from '../config.js';

export type PlanId = 'free' | 'pro' | 'enterprise';
export const PLAN_IDS: readonly PlanId[] = ['free', 'pro', 'enterprise'];

export interface Plan {
  id: PlanId;
  name: string;
  priceMonthlyUsd: number | null;
  /** API calls per calendar month (UTC) for the account or organisation; null = unlimited. */
  monthlyApiCalls: number | null;
  /** Default daily quota of each key (UTC day); a key may set a lower or higher one of its own. */
  dailyCallsPerKey: number;
  /** Requests per minute per key, across all of /api/v1. */
  requestsPerMinute: number;
}

const DEFAULT_PLANS: Record<PlanId, Plan> = {
  free: { id: 'free', name: 'Free', priceMonthlyUsd: 0, monthlyApiCalls: 5_000, dailyCallsPerKey: 1_000, requestsPerMinute: 60 },
  pro: { id: 'pro', name: 'Pro', priceMonthlyUsd: 99, monthlyApiCalls: 50_000, dailyCallsPerKey: 10_000, requestsPerMinute: 600 },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceMonthlyUsd: null,
    monthlyApiCalls: null,
    dailyCallsPerKey: 1_000_000,
    requestsPerMinute: 6_000,
  },
};

export class PlanCatalog {
  private readonly plans: Record<PlanId, Plan>;

  constructor(overrides: PlanLimitOverrides = {}) {
    const merged = {} as Record<PlanId, Plan>;
    for (const id of PLAN_IDS) merged[id] = Object.freeze({ ...DEFAULT_PLANS[id], ...(overrides[id] ?? {}) }) as Plan;
    this.plans = Object.freeze(merged);
  }

  get(id: PlanId): Plan {
    return this.plans[id];
  }

  list(): Plan[] {
    return PLAN_IDS.map((id) => this.plans[id]);
  }
}

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}
