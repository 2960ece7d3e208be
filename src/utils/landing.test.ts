import { describe, expect, it } from 'vitest';
import { landingPath } from './landing';

describe('landingPath', () => {
  it('sends admins and operators to the dashboard', () => {
    expect(landingPath(['ROLE_ADMIN', 'ROLE_OPERATOR'])).toBe('/dashboard');
    expect(landingPath(['ROLE_OPERATOR'])).toBe('/dashboard');
  });

  it('sends teachers and the platform operator to a page they may open', () => {
    expect(landingPath(['ROLE_TEACHER'])).toBe('/teacherConfirmation');
    expect(landingPath(['ROLE_SYSTEM'])).toBe('/billingCycleControl');
  });

  it('sends guardians to the family portal and users without any page right to their account information', () => {
    expect(landingPath(['ROLE_CUSTOMER'])).toBe('/family/home');
    expect(landingPath([])).toBe('/profile');
    expect(landingPath(undefined)).toBe('/profile');
  });
});
