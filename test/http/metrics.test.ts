import test from 'ava';
import { pino } from 'pino';
import { loadConfig } from '../../runtime/config.js';
import { startService } from '../../http/server/start-service.js';

test('Prometheus metrics are served on the internal listener, not on the public API', async (t) => {
  const config = loadConfig({ ...process.env, PORT: '0', METRICS_PORT: '0', COMPANION_ROLE: 'api' }, []);
  const service = await startService(config, pino({ level: 'silent' }), { migrate: false });
  t.teardown(() => service.close());
  t.truthy(service.url);
  t.truthy(service.metricsUrl);

  await fetch(`${service.url}/api/v1/billing/plans`);
  await fetch(`${service.url}/api/v1/nope`);
  const metrics = await fetch(service.metricsUrl!);
  t.is(metrics.status, 200);
  t.regex(metrics.headers.get('content-type') ?? '', /text\/plain/);
  const text = await metrics.text();
  t.regex(text, /companion_http_requests_total\{method="GET",route="\/api\/v1\/billing\/plans",status="200"\} 1/);
  t.regex(text, /companion_http_request_duration_seconds_bucket\{/);
  t.regex(text, /process_cpu_user_seconds_total/);
  // mediasoup: this node's rooms and its workers' CPU time (read from the workers at scrape time).
  t.regex(text, /companion_media_rooms 0/);
  t.regex(text, /companion_media_workers 1/);
  t.regex(text, /companion_media_worker_cpu_seconds\{pid="\d+"\} [\d.e-]+/);

  const onPublic = await fetch(`${service.url}/metrics`);
  t.is(onPublic.status, 404);
  t.is(((await onPublic.json()) as { error: { statusCode: number } }).error.statusCode, 404);
});
