import { vi } from 'vitest';

/**
 * Everything the app writes to stdout and stderr while `work` runs, at the given LOG_LEVEL (the logger
 * writes to the process streams and follows LOG_LEVEL per line, so the spies see the real log).
 */
export async function logOutput(level: string, work: () => Promise<unknown>): Promise<string> {
  vi.stubEnv('LOG_LEVEL', level);
  const written: string[] = [];
  const capture = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await work();
  } finally {
    out.mockRestore();
    err.mockRestore();
    vi.unstubAllEnvs();
  }
  return written.join('');
}

/** The JSON lines of a log text. */
export const logLines = (text: string): Record<string, unknown>[] =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
