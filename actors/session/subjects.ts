/**
 * The only place NATS subjects of sessions are spelled:
 *   `avatar.session.<id>`         the session's actor (ActorHost);
 *   `avatar.session.<id>.signal`  viewer signalling, answered by the node hosting the session's room;
 *   `avatar.viewer.<viewerId>`    pushes to the node that holds that viewer's websocket.
 */
export const SESSION_SUBJECT_PREFIX = 'avatar.session';

export const sessionSignalSubject = (sessionId: string): string => `${SESSION_SUBJECT_PREFIX}.${sessionId}.signal`;

export const viewerPushSubject = (viewerId: string): string => `avatar.viewer.${viewerId}`;
