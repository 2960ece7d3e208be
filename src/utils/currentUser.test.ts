import { beforeEach, describe, expect, it, vi } from 'vitest';

const fetchAccount = vi.fn();
const session = { token: 'a-token' as string | null, cleared: false, kept: null as unknown };
vi.mock('../services/account', () => ({ fetchAccount: () => fetchAccount() }));
vi.mock('./session', () => ({
  getToken: () => session.token,
  keepAccount: (account: unknown) => {
    session.kept = account;
  },
  readKeptAccount: () => session.kept,
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
    session.kept = null;
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
    expect(await loadCurrentUser()).toEqual({ failure: 'network', error, keptUser: undefined });
    expect(session).toEqual({ token: 'a-token', cleared: false, kept: null });
  });

  it('keeps the account it loaded and, with no network, opens as it (issue 11)', async () => {
    const account = { id: 7, login: 'teacher', authorities: ['ROLE_TEACHER'] };
    fetchAccount.mockResolvedValue(account);
    expect(await loadCurrentUser()).toEqual({ currentUser: account });
    expect(session.kept).toEqual(account);
    const error = { request: {}, message: 'Network Error', config: { url: '/api/account' } };
    fetchAccount.mockRejectedValue(error);
    expect(await loadCurrentUser()).toEqual({ failure: 'network', error, keptUser: account });
    // A failing server is not the network: the kept account is not used, the error page shows.
    fetchAccount.mockRejectedValue({ response: { status: 500, data: {} }, config: { url: '/api/account' } });
    expect((await loadCurrentUser()).keptUser).toBeUndefined();
    // Something else in the slot (an older app's value) is not taken for an account.
    session.kept = { id: 'x' };
    fetchAccount.mockRejectedValue(error);
    expect((await loadCurrentUser()).keptUser).toBeUndefined();
  });

  it('keeps the token when the server fails', async () => {
    fetchAccount.mockRejectedValue({ response: { status: 503, data: 'busy' }, config: { url: '/api/account' } });
    expect((await loadCurrentUser()).failure).toBe('server');
    expect(session.cleared).toBe(false);
  });
});
