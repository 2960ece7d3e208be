import type { Role } from '../../src/contracts/permissions';

/** Who is calling, established by the authentication middleware from a valid, current token. */
export interface AuthContext {
  userId: number;
  login: string;
  organisationId: number | null;
  authorities: Role[];
  /**
   * The server-side session of the token (server/auth/sessions.ts); authenticate always sets it, code
   * that builds a context by hand (a job, a test) may not.
   */
  sessionId?: string;
  /**
   * The locations an operator is limited to (issue 23; server/features/locations/sites.ts); absent or
   * empty: every location (admins always).
   */
  sites?: number[];
  /** The caller's IP address (req.ip), for throttles only: never logged or stored. */
  address?: string;
}

declare global {
  namespace Express {
    interface Request {
      traceId: string;
      auth?: AuthContext;
    }
  }
}
