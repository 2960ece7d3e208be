// `npm run dev`: the API on :8000 (restarts on change) and Umi's dev server on :8001 proxying /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensurePrismaClient, root } from './prepare.mts';

ensurePrismaClient();
const bin = (p: string) => path.join(root, 'node_modules', p);
const children = [
  spawn(process.execPath, [bin('tsx/dist/cli.mjs'), 'watch', 'server/index.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, [bin('@umijs/max/bin/max.js'), 'dev'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: '8001' },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
