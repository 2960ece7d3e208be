import type { TGuardianBody, THousehold, THouseholdBody, TInvitationChannel } from '@/contracts/households';
import { call, type ListResult, type Query } from './http';

// Writes skip the global error handler: the forms and dialogs put field errors where they belong.
export const listHouseholds = (params: Query) => call<ListResult<THousehold>>('/api/households', { params });
export const getHousehold = (id: number) => call<THousehold>(`/api/households/${id}`);
const write = (url: string, method: string, data?: object) =>
  call<THousehold>(url, { method, data, skipErrorHandler: true });
export const createHouseholdForStudent = (studentId: number) => write('/api/households', 'POST', { studentId });
export const updateHousehold = (id: number, data: THouseholdBody) => write(`/api/households/${id}`, 'PUT', data);
export const mergeHousehold = (id: number, householdId: number) =>
  write(`/api/households/${id}/merge`, 'POST', { householdId });
export const moveStudentInto = (id: number, studentId: number) =>
  write(`/api/households/${id}/students`, 'POST', { studentId });
export const addGuardian = (id: number, data: TGuardianBody) => write(`/api/households/${id}/guardians`, 'POST', data);
export const updateGuardian = (id: number, guardianId: number, data: TGuardianBody) =>
  write(`/api/households/${id}/guardians/${guardianId}`, 'PUT', data);
export const removeGuardian = (id: number, guardianId: number) =>
  write(`/api/households/${id}/guardians/${guardianId}`, 'DELETE');
export const inviteGuardian = (id: number, guardianId: number, channel: TInvitationChannel) =>
  write(`/api/households/${id}/guardians/${guardianId}/invitation`, 'POST', { channel });
export const revokeInvitation = (id: number, guardianId: number) =>
  write(`/api/households/${id}/guardians/${guardianId}/invitation`, 'DELETE');
export const endPortalAccess = (id: number, guardianId: number) =>
  write(`/api/households/${id}/guardians/${guardianId}/portal`, 'DELETE');
