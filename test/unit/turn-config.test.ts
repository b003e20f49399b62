/**
 * The TURN settings an operator gets wrong are refused at start, naming the variable, and an
 * external server's URI is probed where it says (RFC 7065 defaults otherwise).
 */
import test from 'ava';
import { loadConfig } from '../../runtime/config.js';
import { probeOfUrl } from '../../runtime/stack/turn-server.js';

const SECRET = 'a-secret-of-some-length';

test('TURN is embedded by default, external with TURN_URLS, and off on request', (t) => {
  t.is(loadConfig({}, []).turn, 'embedded');
  const external = loadConfig(
    { TURN_URLS: 'turn:turn.example.com:3478, turns:turn.example.com:443?transport=tcp', TURN_SECRET: SECRET },
    [],
  );
  t.is(external.turn, 'external');
  t.deepEqual(external.turnUrls, ['turn:turn.example.com:3478', 'turns:turn.example.com:443?transport=tcp']);
  t.is(loadConfig({ TURN: 'off' }, []).turn, 'off');
});

test('TURN settings that cannot work stop the start, naming the variable', (t) => {
  const refused = (env: Record<string, string>) => t.throws(() => loadConfig(env, []))?.message;
  t.is(
    refused({ TURN_URLS: 'turn:turn.example.com' }),
    'invalid configuration: TURN_SECRET is required with an external TURN server (TURN_URLS)',
  );
  t.is(refused({ TURN: 'external' }), 'invalid configuration: TURN_URLS is required when TURN=external');
  t.is(
    refused({ TURN: 'embedded', TURN_URLS: 'turn:turn.example.com', TURN_SECRET: SECRET }),
    'invalid configuration: TURN_URLS names an external TURN server; it cannot be set with TURN=embedded',
  );
  t.is(
    refused({ TURN_URLS: 'stun:turn.example.com', TURN_SECRET: SECRET }),
    'invalid configuration: TURN_URLS must be turn: or turns: URIs separated by commas, got "stun:turn.example.com"',
  );
  t.is(refused({ TURN_SECRET: 'short' }), 'invalid configuration: TURN_SECRET must be at least 16 characters');
  t.is(refused({ TURN_TLS_PORT: '443' }), 'invalid configuration: TURN_TLS_PORT needs the certificate: set TLS_CERT_FILE and TLS_KEY_FILE');
  t.regex(
    refused({ TURN_MIN_PORT: '45000', TURN_MAX_PORT: '45999' }) ?? '',
    /TURN_MIN_PORT the TURN relay ports must not overlap RTC_MIN_PORT–RTC_MAX_PORT/,
  );
});

test('an external TURN server is probed at its first URI, with the default port and transport of its scheme', (t) => {
  t.deepEqual(probeOfUrl('turn:turn.example.com'), { host: 'turn.example.com', port: 3478, transport: 'udp' });
  t.deepEqual(probeOfUrl('turn:203.0.113.5:3479?transport=tcp'), { host: '203.0.113.5', port: 3479, transport: 'tcp' });
  t.deepEqual(probeOfUrl('turns:turn.example.com'), { host: 'turn.example.com', port: 5349, transport: 'tcp' });
  t.deepEqual(probeOfUrl('turn:[2001:db8::1]:3478'), { host: '2001:db8::1', port: 3478, transport: 'udp' });
});
