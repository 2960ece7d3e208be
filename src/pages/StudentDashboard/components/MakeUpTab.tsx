import { useCallback } from 'react';
import MakeUpCreditsPanel from '@/components/MakeUps/MakeUpCreditsPanel';
import type { TBookMakeUpBody } from '@/contracts/lessons';
import { bookMakeUp, makeUpCredits, makeUpOptions } from '@/services/lessons';

/** The student's make-up credits on the desk: each linked to its lessons, "Book a make-up" on an available one. */
export default function MakeUpTab({ studentId }: { studentId: number }) {
  return (
    <MakeUpCreditsPanel
      desk
      load={useCallback(() => makeUpCredits(studentId), [studentId])}
      loadOptions={useCallback((creditId: number) => makeUpOptions(studentId, creditId), [studentId])}
      book={useCallback((body: TBookMakeUpBody) => bookMakeUp(studentId, body), [studentId])}
    />
  );
}
