// Actions that move money say so before and after, with the amount (issue 19, section 3).
import { ZId } from './common';
import { defineEndpoint } from './endpoint';
import { z } from './z';

/** One student's balance change from an action: > 0 returned to the balance, < 0 charged. */
export const ZMoneyMove = z.object({
  studentId: z.number().int(),
  name: z.string(),
  amount: z.string(),
});
export type TMoneyMove = z.infer<typeof ZMoneyMove>;

export const ZAttendancePreviewQuery = z.object({
  attendance: z.enum(['ATTENDED', 'ABSENT', 'EXCUSED', 'NO_SHOW'], {
    error: 'Attendance is ATTENDED, ABSENT, EXCUSED or NO_SHOW',
  }),
});

export const moneyMoveEndpoints = {
  attendancePreview: defineEndpoint({
    right: 'schedules:manage',
    tag: 'schedules',
    method: 'get',
    path: '/schedules/:id/students/:studentId/attendance-preview',
    summary: "What setting this student's attendance would move on their voucher balance (nothing is saved)",
    params: z.object({ id: ZId, studentId: ZId }),
    query: ZAttendancePreviewQuery,
    reply: z.object({ moves: z.array(ZMoneyMove) }),
  }),
};
