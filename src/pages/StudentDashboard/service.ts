import type { TStudent } from '@/contracts/students';
import { call } from '@/services/http';

/** GET /api/students/:id; the page decides what a failure shows (a 404 is the 404 page). */
export const fetchStudent = (id: number) => call<TStudent>(`/api/students/${id}`, { skipErrorHandler: true });
