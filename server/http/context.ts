import type { Role } from '../../src/contracts/permissions';

/** Who is calling, established by the authentication middleware from a valid, current token. */
export interface AuthContext {
  userId: number;
  login: string;
  organisationId: number | null;
  authorities: Role[];
}

declare global {
  namespace Express {
    interface Request {
      traceId: string;
      auth?: AuthContext;
    }
  }
}
