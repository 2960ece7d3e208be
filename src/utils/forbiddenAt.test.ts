import { describe, expect, it } from 'vitest';
import { forbiddenAt } from './forbiddenAt';

describe('forbiddenAt', () => {
  it("is true where the route's right is missing, false where it is held or none is needed", () => {
    expect(forbiddenAt('/dashboard', ['ROLE_CUSTOMER'])).toBe(true);
    expect(forbiddenAt('/student/all-student', ['ROLE_CUSTOMER'])).toBe(true);
    expect(forbiddenAt('/family/home', ['ROLE_CUSTOMER'])).toBe(false);
    expect(forbiddenAt('/dashboard', ['ROLE_ADMIN'])).toBe(false);
    expect(forbiddenAt('/family/home', ['ROLE_ADMIN'])).toBe(true);
    expect(forbiddenAt('/user/login', undefined)).toBe(false);
    expect(forbiddenAt('/no/such/page', ['ROLE_CUSTOMER'])).toBe(false);
    expect(forbiddenAt('/student/households/12', ['ROLE_CUSTOMER'])).toBe(true);
    expect(forbiddenAt('/student/households/12', ['ROLE_OPERATOR'])).toBe(false);
  });
});
