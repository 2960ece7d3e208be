import { createApp } from '../../server/app';
import type { AppDeps } from '../../server/deps';
import type { AfterReply } from '../../server/http/after-reply';

/**
 * An AfterReply that runs nothing until `release()`: what a request did before its reply can be told
 * from what it left for after (the lookups that must not delay a reply, issue 20 §9).
 */
export function heldAfterReply() {
  const held: { label: string; task: () => Promise<unknown> }[] = [];
  const afterReply = ((label: string, task: () => Promise<unknown>) => {
    held.push({ label, task });
  }) as AfterReply;
  afterReply.settled = async () => undefined;
  return {
    afterReply,
    /** The labels of the work waiting, in order. */
    labels: () => held.map((h) => h.label),
    /** Runs the work held so far, in order. */
    async release() {
      for (const { task } of held.splice(0)) await task();
    },
  };
}

/** An app (behind a trusted proxy) whose work after replies waits for `release()`. */
export function appHoldingWork(deps: Omit<AppDeps, 'afterReply' | 'trustProxy'>) {
  const held = heldAfterReply();
  return { ...held, app: createApp({ ...deps, trustProxy: true, afterReply: held.afterReply }) };
}
