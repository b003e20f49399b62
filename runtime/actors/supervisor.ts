/**
 * Supervision: when an actor's handler throws, the policy names what happens next, as in nact:
 *   resume   — keep the current state, drop the failed message;
 *   reset    — rebuild the state from the actor's persisted snapshot, then continue;
 *   stop     — stop the actor (its owner decides what that means, e.g. end the session).
 * The caller of the failed message always gets the failure, whatever the decision, so nact's
 * `escalate` would behave exactly like `stop` here and is not offered.
 */
export type Decision = 'resume' | 'reset' | 'stop';

export type SupervisionPolicy = (err: unknown, failures: { recent: number }) => Decision;

/** Reset up to `maxResets` times within `windowMs`, then stop. */
export function resetThenStop(maxResets = 3, windowMs = 60_000): { policy: SupervisionPolicy; windowMs: number } {
  return { policy: (_err, { recent }) => (recent <= maxResets ? 'reset' : 'stop'), windowMs };
}
