// The PWA bench's server: the real one (server/index.ts in a child Node, as tests/e2e/serve.ts starts it)
// on a fresh embedded database it seeds with the demo centre, serving a built SPA, behind a TCP relay
// that counts every byte the server sends to the browser, split by who asked: the page, or the service
// worker (its script, its precaching, its own fetches). Browsers talk to the relay only, so the count is
// what went over the network; responses the worker serves from Cache Storage never reach the relay.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../../server/seed/demo';

const root = path.resolve(import.meta.dirname, '../..');

/** Bytes sent in answer to the page's requests, and to the service worker's (its script, its fetches). */
export interface Sent {
  page: number;
  worker: number;
}

export interface BenchServer {
  /** The relay's address: http://localhost:<port>. */
  base: string;
  /** Bytes the server sent through the relay since the last reset, by who asked. */
  bytes(): Sent;
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

  // Chromium never pipelines HTTP/1.1: on a connection, the bytes after a request until the next one are
  // its response. A request is the worker's when it fetches the worker's script (Service-Worker: script),
  // or is a fetch() (Sec-Fetch-Dest: empty) of anything but /api/: the page fetches only the API (its
  // files come as document, script, style, image, manifest), the worker's precaching only files. (The
  // server sends Referrer-Policy: no-referrer, so the worker's requests cannot be told by their Referer.)
  const sent: Sent = { page: 0, worker: 0 };
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((browserSide) => {
    const serverSide = net.connect(serverPort, '127.0.0.1');
    sockets.add(browserSide).add(serverSide);
    let current: { by: keyof Sent; line: string; bytes: number } | undefined;
    const logCurrent = () => {
      if (current && process.env.BENCH_VERBOSE)
        console.log(`  wire ${current.by.padEnd(6)} ${String(current.bytes).padStart(8)} B  ${current.line}`);
    };
    browserSide.on('data', (chunk: Buffer) => {
      const head = chunk.subarray(0, 4096).toString('latin1');
      const line = /^[A-Z]+ \S+ HTTP\/1\.1\r\n/.exec(head)?.[0].trim();
      if (!line) return; // a request body
      logCurrent();
      const byWorker =
        /\r\nservice-worker: script\r\n/i.test(head) ||
        (/\r\nsec-fetch-dest: empty\r\n/i.test(head) && !line.split(' ')[1].startsWith('/api/'));
      current = { by: byWorker ? 'worker' : 'page', line, bytes: 0 };
    });
    serverSide.on('data', (chunk: Buffer) => {
      sent[current?.by ?? 'page'] += chunk.length;
      if (current) current.bytes += chunk.length;
    });
    browserSide.pipe(serverSide).pipe(browserSide);
    const close = () => {
      logCurrent();
      current = undefined;
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
    bytes: () => ({ ...sent }),
    resetBytes: () => {
      sent.page = 0;
      sent.worker = 0;
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
