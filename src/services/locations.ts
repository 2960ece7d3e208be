import { request } from '@umijs/max';
import type {
  TLocation,
  TLocationBody,
  TLocationOptions,
  TLocationSettings,
  TRoom,
  TRoomBody,
} from '@/contracts/locations';
import type { ListResult, Query } from './http';

const write = { skipErrorHandler: true } as const;

export const locationOptions = () => request<TLocationOptions>('/api/locations/options', { method: 'GET' });
export const listLocations = (params: Query) =>
  request<ListResult<TLocation>>('/api/locations', { method: 'GET', params });
export const createLocation = (data: TLocationBody) =>
  request<TLocation>('/api/locations', { method: 'POST', data, ...write });
export const updateLocation = (id: number, data: TLocationBody) =>
  request<TLocation>(`/api/locations/${id}`, { method: 'PUT', data, ...write });
export const listRooms = (params: Query) => request<ListResult<TRoom>>('/api/rooms', { method: 'GET', params });
export const createRoom = (data: TRoomBody) => request<TRoom>('/api/rooms', { method: 'POST', data, ...write });
export const updateRoom = (id: number, data: TRoomBody) =>
  request<TRoom>(`/api/rooms/${id}`, { method: 'PUT', data, ...write });
export const locationSettings = () => request<TLocationSettings>('/api/settings/locations', { method: 'GET' });
export const saveLocationSettings = (data: TLocationSettings) =>
  request<TLocationSettings>('/api/settings/locations', { method: 'PUT', data, ...write });
export const setStaffLocations = (id: number, locationIds: number[]) =>
  request<{ locationIds: number[] }>(`/api/staff/${id}/locations`, { method: 'PUT', data: { locationIds }, ...write });
export const setTeacherLocations = (id: number, locationIds: number[]) =>
  request<{ locationIds: number[] }>(`/api/teachers/${id}/locations`, {
    method: 'PUT',
    data: { locationIds },
    ...write,
  });
