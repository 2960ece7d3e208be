// Runs `prisma generate` offline. The CLI insists on finding a native schema engine before generating,
// though generation never uses it: an existing, empty, non-executable file satisfies the check.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/prisma/build/index.js'), 'generate', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: path.join(root, 'prisma/cli/schema-engine-placeholder'),
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      CHECKPOINT_DISABLE: '1',
    },
  },
);
process.exit(result.status ?? 1);
