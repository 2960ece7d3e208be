import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeRedirectPath } from './redirect';

const origin = 'https://levelup.example';

describe('safeRedirectPath', () => {
  it('keeps a same-origin redirect, absolute or relative, with its query and hash', () => {
    expect(safeRedirectPath('https://levelup.example/student/all-student?x=1#top', origin)).toBe(
      '/student/all-student?x=1#top',
    );
    expect(safeRedirectPath('/course?current=2', origin)).toBe('/course?current=2');
  });

  it('sends anything else to the root path', () => {
    expect(safeRedirectPath('https://evil.com/course', origin)).toBe('/');
    expect(safeRedirectPath('//evil.com/course', origin)).toBe('/');
    expect(safeRedirectPath('javascript:alert(1)', origin)).toBe('/');
    expect(safeRedirectPath('http://levelup.example/course', origin)).toBe('/');
    expect(safeRedirectPath(undefined, origin)).toBe('/');
    expect(safeRedirectPath('', origin)).toBe('/');
  });
});

describe('loginUrlFor', () => {
  it('brings the user back to the page they were on', () => {
    expect(loginUrlFor({ pathname: '/course', search: '?current=2', hash: '' })).toBe(
      '/user/login?redirect=%2Fcourse%3Fcurrent%3D2',
    );
  });

  it('does not redirect from the root path or from the sign-in pages themselves', () => {
    expect(loginUrlFor({ pathname: '/', search: '', hash: '' })).toBe('/user/login');
    expect(loginUrlFor({ pathname: '/user/login', search: '?redirect=%2Fcourse', hash: '' })).toBe('/user/login');
  });
});
