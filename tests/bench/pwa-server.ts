// The PWA bench's server: the real one (server/index.ts in a child Node, as tests/e2e/serve.ts starts it)
// on a fresh embedded database it seeds with the demo centre, serving a built SPA, behind a TCP relay
// that counts every byte the server sends to the browser. Browsers talk to the relay only, so the count
// is what went over the network whoever asked for it: the page, the service worker's own fetches, or its
// precaching after install (responses the worker serves from Cache Storage never reach the relay).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../../server/seed/demo';

const root = path.resolve(import.meta.dirname, '../..');

export interface BenchServer {
  /** The relay's address: http://localhost:<port>. */
  base: string;
  /** Bytes the server sent through the relay since the last reset. */
  bytes(): number;
  resetBytes(): void;
  /** A demo admin's token (POST /api/authenticate). */
  adminToken(): Promise<string>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was healthy`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} not healthy after 120 s`);
}

/** `port`: the relay's (the address browsers use); the server gets port + 1. 0: any free ports. */
export async function startBenchServer(spaDir: string, port = 0): Promise<BenchServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'levelup-bench-pwa-'));
  const serverPort = port ? port + 1 : await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(serverPort),
    DATABASE_URL: `pglite:${path.join(dir, 'db')}`,
    SPA_DIR: spaDir,
    LOG_LEVEL: 'warn',
    WORKER: 'false',
  };
  for (const key of [
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_URL',
    'OFFLINE_APP',
  ])
    delete env[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stopChild = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`http://127.0.0.1:${serverPort}/api/health`, child);
  } catch (error) {
    await stopChild();
    throw error;
  }

  let sent = 0;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((browserSide) => {
    const serverSide = net.connect(serverPort, '127.0.0.1');
    sockets.add(browserSide).add(serverSide);
    serverSide.on('data', (chunk: Buffer) => {
      sent += chunk.length;
    });
    browserSide.pipe(serverSide).pipe(browserSide);
    const close = () => {
      browserSide.destroy();
      serverSide.destroy();
      sockets.delete(browserSide);
      sockets.delete(serverSide);
    };
    for (const socket of [browserSide, serverSide]) {
      socket.on('error', close);
      socket.on('close', close);
    }
  });
  await new Promise<void>((resolve) => relay.listen(port, resolve));
  const base = `http://localhost:${(relay.address() as net.AddressInfo).port}`;

  return {
    base,
    bytes: () => sent,
    resetBytes: () => {
      sent = 0;
    },
    adminToken: async () => {
      const signIn = await fetch(`http://127.0.0.1:${serverPort}/api/authenticate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
      });
      if (!signIn.ok) throw new Error(`demo admin sign-in failed: ${signIn.status}`);
      return ((await signIn.json()) as { id_token: string }).id_token;
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
      await stopChild();
    },
  };
}
