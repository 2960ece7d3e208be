// A real deployment on one machine (issue 24): nginx (Debian's package) in front of N API processes and
// M message workers, all compiled JavaScript, on one PostgreSQL; migrations run once before they start.
// `npm run deploy:local` starts it (deploy/start.mts); `npm run bench -- load` drives it and kills parts.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export interface ClusterOptions {
  /** postgresql://… (PGlite is one process per folder: it cannot be shared by several). */
  databaseUrl: string;
  apis: number;
  workers: number;
  /** nginx listens here (default 8080); the APIs on apiBasePort + 1, + 2… (default 8100). */
  port?: number;
  apiBasePort?: number;
  /** Where nginx's config, logs and the processes' logs go (default /tmp/levelup-deploy). */
  stateDir?: string;
  /** More environment for the API and worker processes (SMTP_URL, MESSAGE_* …). */
  env?: Record<string, string>;
  /** Print the processes' output (default: into files in stateDir). */
  quiet?: boolean;
}

export interface Member {
  role: 'api' | 'worker';
  index: number;
  port?: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

export interface Cluster {
  url: string;
  members: Member[];
  /** Starts one more process of `role` in place of a dead one (same index and port). */
  restart(member: Member): Promise<Member>;
  stop(): Promise<void>;
}

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/** nginx's config: least-connections over the APIs, health by passive checks, proxy headers set. */
export function nginxConfig(options: { port: number; apiPorts: number[]; stateDir: string }): string {
  const template = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  return template
    .replaceAll('{{PORT}}', String(options.port))
    .replaceAll('{{STATE}}', options.stateDir)
    .replace('{{UPSTREAMS}}', options.apiPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n'));
}

/** Secrets the processes share: from the environment, else made once and kept in stateDir. */
function sharedSecrets(stateDir: string): Record<string, string> {
  const file = path.join(stateDir, 'secrets.json');
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const secrets = {
    JWT_SECRET: process.env.JWT_SECRET ?? kept.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    SIN_ENCRYPTION_KEY: process.env.SIN_ENCRYPTION_KEY ?? kept.SIN_ENCRYPTION_KEY ?? randomBytes(32).toString('base64'),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

async function waitFor(url: string, child: ChildProcess, seconds = 120): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}) before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was not ready after ${seconds} s`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx)');
  if (!/^postgres(ql)?:\/\//.test(options.databaseUrl))
    throw new Error('A deployment of several processes needs PostgreSQL: set DATABASE_URL=postgresql://…');
  const port = options.port ?? 8080;
  const basePort = options.apiBasePort ?? 8100;
  const stateDir = options.stateDir ?? '/tmp/levelup-deploy';
  mkdirSync(path.join(stateDir, 'logs'), { recursive: true });
  const { ensureServerBuilt, serverOut } = await import('../scripts/build-server.mts');
  await ensureServerBuilt();
  const env = {
    ...process.env,
    ...sharedSecrets(stateDir),
    DATABASE_URL: options.databaseUrl,
    NODE_ENV: 'production',
    MIGRATE_ON_START: 'false',
    TRUST_PROXY: 'loopback',
    ...options.env,
  };
  // Migrations once, before anything starts (the processes also wait for them if this were skipped).
  const migrated = spawnSync(process.execPath, [path.join(serverOut, 'migrate.mjs')], {
    env,
    stdio: options.quiet ? 'pipe' : 'inherit',
  });
  if (migrated.status !== 0) throw new Error(`migrations failed: ${migrated.stderr?.toString() ?? ''}`);

  const launch = (role: 'api' | 'worker', index: number): Member => {
    const memberPort = role === 'api' ? basePort + index : undefined;
    const log = path.join(stateDir, 'logs', `${role}-${index}.log`);
    const child = spawn(process.execPath, [path.join(serverOut, role === 'api' ? 'index.mjs' : 'worker.mjs')], {
      env: { ...env, ...(role === 'api' ? { PORT: String(memberPort), WORKER: 'false' } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = (chunk: Buffer) => writeFileSync(log, chunk, { flag: 'a' });
    child.stdout?.on('data', out);
    child.stderr?.on('data', out);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { role, index, port: memberPort, child, exited };
  };
  const members: Member[] = [];
  for (let i = 1; i <= options.apis; i++) members.push(launch('api', i));
  for (let i = 1; i <= options.workers; i++) members.push(launch('worker', i));
  const apiPorts = members.filter((m) => m.role === 'api').map((m) => m.port as number);
  const conf = path.join(stateDir, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ port, apiPorts, stateDir }));
  let nginx: ChildProcess | undefined;
  const url = `http://127.0.0.1:${port}`;
  try {
    await Promise.all(
      members.filter((m) => m.role === 'api').map((m) => waitFor(`http://127.0.0.1:${m.port}/api/ready`, m.child)),
    );
    nginx = spawn(NGINX, ['-p', stateDir, '-c', conf, '-e', path.join(stateDir, 'logs/nginx-error.log')], {
      stdio: 'inherit',
    });
    await waitFor(`${url}/api/ready`, nginx, 30);
  } catch (error) {
    // Nothing left behind: the processes started so far stop with the failed start.
    nginx?.kill('SIGQUIT');
    for (const m of members) m.child.kill('SIGTERM');
    await Promise.all(members.map((m) => m.exited));
    throw error;
  }
  const proxy = nginx;

  return {
    url,
    members,
    async restart(member) {
      const fresh = launch(member.role, member.index);
      members[members.indexOf(member)] = fresh;
      if (fresh.role === 'api') await waitFor(`http://127.0.0.1:${fresh.port}/api/ready`, fresh.child);
      return fresh;
    },
    async stop() {
      for (const m of members) m.child.kill('SIGTERM');
      await Promise.all(members.map((m) => m.exited));
      proxy.kill('SIGQUIT'); // graceful: finish what it is sending
      await new Promise((resolve) => (proxy.exitCode !== null ? resolve(null) : proxy.once('exit', resolve)));
    },
  };
}
