// Where sign-in returns to: the remembered in-app path, else /home.
import { describe, expect, it } from 'vitest';
import { originFrom } from './redirect-state';

describe('originFrom', () => {
  it('returns the remembered path with its query and hash', () => {
    expect(originFrom({ from: { pathname: '/dashboard/payment/42', search: '?x=1', hash: '#pay' } })).toBe(
      '/dashboard/payment/42?x=1#pay',
    );
  });

  it('falls back to /home without a remembered path', () => {
    expect(originFrom(null)).toBe('/home');
    expect(originFrom({})).toBe('/home');
  });

  it('refuses to leave the site or loop back to login or signup', () => {
    expect(originFrom({ from: { pathname: '//evil.example/x', search: '', hash: '' } })).toBe('/home');
    expect(originFrom({ from: { pathname: '/login', search: '', hash: '' } })).toBe('/home');
    expect(originFrom({ from: { pathname: '/signup', search: '', hash: '' } })).toBe('/home');
  });
});
