import { beforeEach, describe, expect, it, vi } from 'vitest';

const fetchAccount = vi.fn();
const session = { token: 'a-token' as string | null, cleared: false };
vi.mock('../services/account', () => ({ fetchAccount: () => fetchAccount() }));
vi.mock('./session', () => ({
  getToken: () => session.token,
  clearAllStorage: () => {
    session.cleared = true;
    session.token = null;
  },
}));

const { loadCurrentUser } = await import('./currentUser');

describe('loadCurrentUser', () => {
  beforeEach(() => {
    fetchAccount.mockReset();
    session.token = 'a-token';
    session.cleared = false;
  });

  it('asks nothing without a token', async () => {
    session.token = null;
    expect(await loadCurrentUser()).toEqual({});
    expect(fetchAccount).not.toHaveBeenCalled();
  });

  it('signs out on a 401 only', async () => {
    fetchAccount.mockRejectedValue({ response: { status: 401, data: {} }, config: { url: '/api/account' } });
    expect(await loadCurrentUser()).toEqual({});
    expect(session.cleared).toBe(true);
  });

  it('keeps the token when the server cannot be reached', async () => {
    const error = { request: {}, message: 'Network Error', config: { url: '/api/account' } };
    fetchAccount.mockRejectedValue(error);
    expect(await loadCurrentUser()).toEqual({ failure: 'network', error });
    expect(session).toEqual({ token: 'a-token', cleared: false });
  });

  it('keeps the token when the server fails', async () => {
    fetchAccount.mockRejectedValue({ response: { status: 503, data: 'busy' }, config: { url: '/api/account' } });
    expect((await loadCurrentUser()).failure).toBe('server');
    expect(session.cleared).toBe(false);
  });
});
