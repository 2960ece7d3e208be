import { useAccess } from '@umijs/max';
import { type ReactNode, useRef, useState } from 'react';
import type { TScheduleConflict } from '@/contracts/errors';
import { isErrorReply, toRequestFailure } from '@/utils/requestError';
import ConflictDialog from './ConflictDialog';
import ScopeDialog, { type ScopeChoice } from './ScopeDialog';

/** The clashes of a 409 refusal, or undefined for any other error. */
export function conflictsOf(error: unknown): TScheduleConflict[] | undefined {
  const failure = toRequestFailure(error);
  if (failure.status !== 409 || !isErrorReply(failure.body)) return undefined;
  return failure.body.conflicts?.length ? failure.body.conflicts : undefined;
}

export type Override = { reason: string };
/** What the scope dialog asks: rates' scope, a move's title, whom to tell, and whether it is a series. */
export interface ScopeQuestion {
  rates?: boolean;
  move?: boolean;
  notify?: boolean;
  series?: boolean;
  detail?: string;
}

export interface ScheduleDialogs {
  /** Asks the scope of a change to a series occurrence; undefined when the user cancels. */
  askScope: (options?: ScopeQuestion) => Promise<ScopeChoice | undefined>;
  /**
   * Runs a write; on a 409 with clashes shows them and, when the user overrides with a reason, runs
   * it again with `override`. Resolves the reply, or undefined when the user gave up; other errors throw.
   */
  withConflicts: <T>(write: (override?: Override) => Promise<T>) => Promise<T | undefined>;
  /** Render once, anywhere in the page or form. */
  dialogs: ReactNode;
}

/**
 * The two questions a class write may need, as promises, so that a form save and a calendar drag
 * share them: the scope for a series, then the clash list with the override (for schedules:manage).
 */
export function useScheduleDialogs(): ScheduleDialogs {
  const access = useAccess() as Record<string, boolean>;
  const [scope, setScope] = useState<ScopeQuestion>();
  const [conflicts, setConflicts] = useState<TScheduleConflict[]>();
  const resolveScope = useRef<(choice: ScopeChoice | undefined) => void>();
  const resolveConflicts = useRef<(reason: string | undefined) => void>();

  const askScope: ScheduleDialogs['askScope'] = (options = {}) =>
    new Promise((resolve) => {
      resolveScope.current = resolve;
      setScope(options);
    });
  const answerScope = (choice: ScopeChoice | undefined) => {
    setScope(undefined);
    resolveScope.current?.(choice);
  };

  const withConflicts: ScheduleDialogs['withConflicts'] = async (write) => {
    try {
      return await write();
    } catch (error) {
      const clashes = conflictsOf(error);
      if (!clashes) throw error;
      const reason = await new Promise<string | undefined>((resolve) => {
        resolveConflicts.current = resolve;
        setConflicts(clashes);
      });
      if (reason === undefined) return undefined;
      return write({ reason });
    }
  };
  const answerConflicts = (reason: string | undefined) => {
    setConflicts(undefined);
    resolveConflicts.current?.(reason);
  };

  const dialogs = (
    <>
      <ScopeDialog
        open={!!scope}
        rates={scope?.rates}
        move={scope?.move}
        notify={scope?.notify}
        series={scope?.series ?? true}
        detail={scope?.detail}
        onChoose={(choice) => answerScope(choice)}
        onCancel={() => answerScope(undefined)}
      />
      <ConflictDialog
        open={!!conflicts}
        conflicts={conflicts ?? []}
        canOverride={!!access['schedules:manage']}
        onOverride={(reason) => answerConflicts(reason)}
        onCancel={() => answerConflicts(undefined)}
      />
    </>
  );
  return { askScope, withConflicts, dialogs };
}
