/**
 * The only place NATS subjects of sessions are spelled:
 *   `avatar.session.<id>`         the session's actor (ActorHost);
 *   `avatar.session.<id>.signal`  viewer signalling, answered by the node hosting the session's room;
 *   `avatar.viewer.<viewerId>`    pushes to the node that holds that viewer's websocket.
 */
import { subjectToken } from '../../runtime/actors/subject-token.js';

export const SESSION_SUBJECT_PREFIX = 'avatar.session';

/** Ids are checked to be one token each (they reach here from callers): see subject-token.ts. */
export const sessionSignalSubject = (sessionId: string): string =>
  `${SESSION_SUBJECT_PREFIX}.${subjectToken(sessionId, 'a session id')}.signal`;

export const viewerPushSubject = (viewerId: string): string => `avatar.viewer.${subjectToken(viewerId, 'a viewer id')}`;
