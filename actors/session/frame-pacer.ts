/**
 * Where frame pacing plugs in. A realtime session renders the avatar at `target_fps` and feeds
 * the frames to its room's producers; the actor owns that clock so frames stay in step with the
 * conversation. The media layer (mediasoup rooms, renderer, lip-sync) provides the
 * implementation; until then realtime sessions are refused with 501 and embedded sessions run
 * without one.
 */
export interface FramePacer {
  readonly targetFps: number;
  /** Queues a spoken sentence; frames with matching mouth shapes follow at the pacer's rate. */
  speak(sentence: string): void;
  close(): void;
}
