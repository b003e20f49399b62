/**
 * Administration from the command line, for a fresh install and for operators:
 *
 *   npm run cli -- bootstrap --email you@example.com [--name "Your Name"] [--plan free|pro|enterprise] [--org "Acme"]
 *   npm run cli -- create-key --email you@example.com [--mode live|test] [--name "CI key"]
 *   npm run cli -- set-plan --email you@example.com --plan pro      (or --org org_… --plan pro)
 *
 * It uses the database of the running service (embedded or DATABASE_URL); when the embedded
 * service is not running it starts the embedded PostgreSQL just for the command.
 * Secrets are printed once, to standard output, and never logged.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { openOrm, migrate } from './db/orm.js';
import { LocalStack } from './stack/local-stack.js';
import { postgresServer } from './stack/embedded-servers.js';
import { CredentialService } from './accounts/credentials.js';
import { SCOPES } from './accounts/scopes.js';
import { createUser } from './accounts/users.js';
import { createOrganization } from './accounts/organizations.js';
import { Limiter } from './limits/limiter.js';
import { isPlanId, PlanCatalog } from './limits/plans.js';
import { Organization } from './db/entities/organization.js';
import { User } from './db/entities/user.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Redis } from 'ioredis';

const USAGE = `usage:
  cli --help
  cli bootstrap --email EMAIL [--name NAME] [--plan free|pro|enterprise] [--org ORG_NAME]
  cli create-key --email EMAIL [--mode live|test] [--name NAME]
  cli set-plan (--email EMAIL | --org ORG_ID) --plan free|pro|enterprise`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

/** The command line, or usage and exit: 0 for --help, 2 for an option it does not know (no stack trace). */
function parseCommandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        plan: { type: 'string' },
        org: { type: 'string' },
        mode: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    // node:util's parseArgs throws ERR_PARSE_ARGS_* with a readable message; the stack is noise here.
    return fail((err as Error).message);
  }
}

const { positionals, values } = parseCommandLine();
if (values.help || positionals[0] === 'help') {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const command = positionals[0];
if (!command || !['bootstrap', 'create-key', 'set-plan'].includes(command)) fail('unknown or missing command');
if (values.plan !== undefined && !isPlanId(values.plan)) fail(`unknown plan ${values.plan}`);
if (values.mode !== undefined && values.mode !== 'live' && values.mode !== 'test') fail('--mode is live or test');

const config = loadConfig(process.env, []);
// The CLI talks to its user on stdout; the service's info logs would only be noise here.
const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);

// Use the running service's database, or start the embedded PostgreSQL for this command only.
let stack: LocalStack | undefined;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  if (LocalStack.owner(config.dataDir) !== undefined) {
    const pg = postgresServer(config.dataDir, config.stackPortBase);
    await pg.prepare?.();
    databaseUrl = pg.url;
  } else {
    stack = await LocalStack.start({ ...config }, log, ['databaseUrl']);
    databaseUrl = stack.urls.databaseUrl;
  }
}

const orm = await openOrm(databaseUrl, log);
// Revocation markers are written by the service's limiter; the CLI only issues keys.
const limiter = new Limiter(new Redis({ lazyConnect: true }));
const credentials = new CredentialService(new PlanCatalog(config.planLimitOverrides), limiter, 0);

async function userByEmail(em: EntityManager, email: string | undefined): Promise<User> {
  if (!email) fail('--email is required');
  const user = await em.findOne(User, { email: email.trim().toLowerCase() });
  if (!user) fail(`no user with email ${email}`);
  return user;
}

try {
  await migrate(orm, log);
  const em = orm.em.fork() as EntityManager;
  const out = (line: string) => process.stdout.write(`${line}\n`);
  if (command === 'bootstrap') {
    if (!values.email) fail('--email is required');
    await em.begin();
    const plan = values.plan && isPlanId(values.plan) ? values.plan : 'free';
    const user = await createUser(em, { email: values.email, name: values.name ?? values.email, plan });
    out(`user          ${user.id} <${user.email}> plan=${user.plan}`);
    let organizationId: string | null = null;
    if (values.org) {
      const org = await createOrganization(em, user.id, values.org, plan);
      organizationId = org.id;
      out(`organization  ${org.id} "${org.name}" (owner)`);
    }
    for (const mode of ['live', 'test'] as const) {
      const { key, secret } = await credentials.issueKey(em, {
        userId: user.id,
        name: `bootstrap ${mode} key`,
        mode,
        scopes: SCOPES,
        organizationId,
      });
      out(`${mode} key      ${key.id}  ${secret}`);
    }
    await em.commit();
    out('Keep the secrets above: they are not shown again.');
  } else if (command === 'create-key') {
    const user = await userByEmail(em, values.email);
    const mode = (values.mode as 'live' | 'test' | undefined) ?? 'live';
    const { key, secret } = await credentials.issueKey(em, { userId: user.id, name: values.name ?? `${mode} key`, mode, scopes: SCOPES });
    out(`${mode} key      ${key.id}  ${secret}`);
  } else {
    if (!values.plan) fail('--plan is required');
    if (values.org) {
      const org = await em.findOne(Organization, { id: values.org });
      if (!org) fail(`no organization ${values.org}`);
      org.plan = values.plan as Organization['plan'];
    } else {
      const user = await userByEmail(em, values.email);
      user.plan = values.plan as User['plan'];
    }
    await em.flush();
    out(`plan set to ${values.plan}`);
  }
} catch (err) {
  process.stderr.write(`error: ${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await orm.close();
  await stack?.stop();
}
