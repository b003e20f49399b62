/** The only place NATS subjects of sessions are spelled: `avatar.session.<id>`. */
export const SESSION_SUBJECT_PREFIX = 'avatar.session';
