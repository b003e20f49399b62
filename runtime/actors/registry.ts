/**
 * Where each actor lives, cluster-wide, in two JetStream key-value buckets:
 *   companion_nodes       nodeId    → { at }            heartbeat, refreshed every lease/3
 *   companion_placements  actorId   → { nodeId, ... }   who hosts the actor
 * A node is alive while its heartbeat is younger than the lease. Claims use the bucket's
 * compare-and-set (`create`, `update` with a revision), so exactly one node wins an actor.
 */
import type { KV, NatsConnection } from 'nats';
import { decode, encode } from './json-codec.js';

export interface Placement {
  nodeId: string;
  claimedAt: number;
  [extra: string]: unknown;
}

export interface PlacementEntry {
  actorId: string;
  placement: Placement;
  revision: number;
}

export class PlacementRegistry {
  private constructor(
    private readonly nodes: KV,
    private readonly placements: KV,
    readonly nodeId: string,
    private readonly leaseMs: number,
  ) {}

  static async open(nc: NatsConnection, nodeId: string, leaseMs: number): Promise<PlacementRegistry> {
    const js = nc.jetstream();
    const nodes = await js.views.kv('companion_nodes', { history: 1 });
    const placements = await js.views.kv('companion_placements', { history: 1 });
    return new PlacementRegistry(nodes, placements, nodeId, leaseMs);
  }

  async heartbeat(): Promise<void> {
    await this.nodes.put(this.nodeId, encode({ at: Date.now() }));
  }

  /** Removes this node's heartbeat so that other nodes adopt its actors without waiting. */
  async leave(): Promise<void> {
    await this.nodes.delete(this.nodeId);
  }

  async isAlive(nodeId: string): Promise<boolean> {
    return (await this.heartbeatAgeMs(nodeId)) < this.leaseMs;
  }

  /** How long ago the node last beat (Infinity when it left or never beat). */
  async heartbeatAgeMs(nodeId: string): Promise<number> {
    const entry = await this.nodes.get(nodeId);
    if (!entry || entry.operation !== 'PUT' || entry.value.length === 0) return Infinity;
    return Date.now() - decode<{ at: number }>(entry.value).at;
  }

  async get(actorId: string): Promise<PlacementEntry | null> {
    const entry = await this.placements.get(actorId);
    if (!entry || entry.operation !== 'PUT' || entry.value.length === 0) return null;
    return { actorId, placement: decode<Placement>(entry.value), revision: entry.revision };
  }

  /** Claims a new actor for this node; false if it is placed already. */
  async claim(actorId: string): Promise<boolean> {
    try {
      await this.placements.create(actorId, encode({ nodeId: this.nodeId, claimedAt: Date.now() }));
      return true;
    } catch {
      return false;
    }
  }

  /** Takes an actor over from a dead node; false if another node was faster. */
  async takeOver(entry: PlacementEntry): Promise<boolean> {
    try {
      await this.placements.update(
        entry.actorId,
        encode({ ...entry.placement, nodeId: this.nodeId, claimedAt: Date.now() }),
        entry.revision,
      );
      return true;
    } catch {
      return false;
    }
  }

  async remove(actorId: string): Promise<void> {
    await this.placements.delete(actorId);
  }

  async list(): Promise<PlacementEntry[]> {
    const out: PlacementEntry[] = [];
    for await (const key of await this.placements.keys()) {
      const entry = await this.get(key);
      if (entry) out.push(entry);
    }
    return out;
  }
}
