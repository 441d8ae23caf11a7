import { describe, expect, it } from 'vitest';
import { startingView, viewsFor } from './permissionsViews.ts';

describe('startingView', () => {
  it.each([
    [null, true, 'users'],
    [null, false, 'permissions'],
    ['', true, 'users'],
    ['users', false, 'users'],
    ['permissions', true, 'permissions'],
    ['cropping', true, 'cropping'],
    ['Invitations', true, 'invitations'],
    ['cropping', false, 'permissions'],
    ['invitations', false, 'permissions'],
    ['weather', true, 'users'],
  ])('view %j for an owner %s starts on %s', (requested, owner, expected) => {
    expect(startingView(requested, owner)).toBe(expected);
  });

  it('offers four tabs to owners and two to others', () => {
    expect(viewsFor(true)).toEqual(['users', 'permissions', 'cropping', 'invitations']);
    expect(viewsFor(false)).toEqual(['users', 'permissions']);
  });
});
