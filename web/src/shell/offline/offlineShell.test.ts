import { afterEach, describe, expect, it } from 'vitest';
import { aHolding, aSelection, aStart } from '../../testing/sessionFixtures.ts';
import { keepOfflineShell, offlineShellKey, offlineShellMaxChars, readOfflineShell } from './offlineShell.ts';
import { clearStoredAccessToken, storeAccessToken } from '../session/tokenStorage.ts';

const holding = aHolding({ TradingName: 'Wold Farm', CropYears: [2025, 2026] });
const start = aStart({
  Holdings: [holding],
  InitialHolding: holding,
  TermsAndConditions: { Version: 2, Text: 'The terms' },
});
const selection = aSelection({ Holding: holding, YearId: 2026, Token: 'holding-session-token' });

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the shell kept for offline use', () => {
  it('keeps the user, holding and year without the holding session token or the terms', () => {
    keepOfflineShell(start, selection);
    const text = localStorage.getItem(offlineShellKey) ?? '';
    expect(text).not.toContain('holding-session-token');
    expect(text).not.toContain('The terms');
    const kept = readOfflineShell();
    expect(kept?.start.User.Id).toBe(start.User.Id);
    expect(kept?.selection.Holding.TradingName).toBe('Wold Farm');
    expect(kept?.selection.YearId).toBe(2026);
    expect(kept?.selection).not.toHaveProperty('Token');
  });

  it('reads nothing from a damaged or foreign value', () => {
    localStorage.setItem(offlineShellKey, '{not json');
    expect(readOfflineShell()).toBeNull();
    localStorage.setItem(offlineShellKey, JSON.stringify({ start: { User: 1 }, selection: {} }));
    expect(readOfflineShell()).toBeNull();
  });

  it('keeps nothing larger than its bound, and forgets the previous one then', () => {
    keepOfflineShell(start, selection);
    const many = Array.from({ length: 20_000 }, (_, index) => ({ ...holding, HoldingId: index + 1 }));
    keepOfflineShell({ ...start, Holdings: many }, selection);
    expect(JSON.stringify(many).length).toBeGreaterThan(offlineShellMaxChars);
    expect(readOfflineShell()).toBeNull();
  });

  it('is forgotten at logout and when another account signs in', () => {
    storeAccessToken('account-a');
    keepOfflineShell(start, selection);
    storeAccessToken('account-a');
    expect(readOfflineShell()).not.toBeNull();
    storeAccessToken('account-b');
    expect(readOfflineShell()).toBeNull();
    keepOfflineShell(start, selection);
    clearStoredAccessToken();
    expect(readOfflineShell()).toBeNull();
  });
});
