/**
 * Ids reach NATS subjects and key-value keys only as single subject tokens
 * (runtime/actors/subject-token.ts): every id the service mints is one, and no text that would
 * split a subject, match as a wildcard or break the protocol line is.
 */
import test from 'ava';
import { newId, type IdPrefix } from '../../runtime/ids.js';
import { InvalidSubjectToken, isSubjectToken, subjectToken } from '../../runtime/actors/subject-token.js';
import { sessionSignalSubject, viewerPushSubject } from '../../actors/session/subjects.js';

const PREFIXES: IdPrefix[] = ['usr', 'org', 'key', 'tok', 'chr', 'whk', 'evt', 'dlv', 'ses', 'mem', 'vtk', 'vwr', 'vce'];

test('every id the service mints is one subject token', (t) => {
  for (const prefix of PREFIXES) for (let i = 0; i < 50; i++) t.true(isSubjectToken(newId(prefix)), prefix);
});

test('separators, wildcards and protocol breakers are refused, and never reach a subject', (t) => {
  for (const value of [
    '',
    'ses_x y',
    'ses_x\ny',
    'ses_x\r\n',
    'ses_*',
    'ses_>',
    '*',
    '>',
    'ses_a.b',
    'ses_\t',
    'ses_😀',
    '../x',
    'a'.repeat(129),
  ]) {
    t.false(isSubjectToken(value), JSON.stringify(value));
    t.throws(() => subjectToken(value), { instanceOf: InvalidSubjectToken }, JSON.stringify(value));
    t.throws(() => sessionSignalSubject(value), { instanceOf: InvalidSubjectToken });
    t.throws(() => viewerPushSubject(value), { instanceOf: InvalidSubjectToken });
  }
  const id = newId('ses');
  t.is(sessionSignalSubject(id), `avatar.session.${id}.signal`);
});
