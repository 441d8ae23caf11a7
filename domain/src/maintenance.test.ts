import { describe, expect, it } from 'vitest';
import { maintenancePopupLeadMs, maintenanceRefreshMs } from './limits.ts';
import {
  currentOrNextMaintenance,
  isMaintenanceActive,
  maintenanceMessage,
  shouldAnnounceMaintenance,
} from './maintenance.ts';

const hour = 3600_000;
const now = Date.parse('2026-11-24T12:00:00Z');
const at = (offsetHours: number) => new Date(now + offsetHours * hour).toISOString();
const window = (from: number, to: number, message = 'm') => ({
  startDate: at(from),
  endDate: at(to),
  message,
});

describe('maintenance notices', () => {
  it('pins the figures of session-shell §9: re-read every 5 minutes, popup 24 hours ahead', () => {
    expect(maintenanceRefreshMs).toBe(5 * 60_000);
    expect(maintenancePopupLeadMs).toBe(24 * hour);
  });

  it('is active from its start, included, to its end, excluded', () => {
    expect(isMaintenanceActive(window(0, 1), now)).toBe(true);
    expect(isMaintenanceActive(window(-1, 0), now)).toBe(false);
    expect(isMaintenanceActive(window(0.001, 1), now)).toBe(false);
  });

  it('takes the current window first, else the next to start, else none', () => {
    const past = window(-5, -4, 'past');
    const later = window(30, 31, 'later');
    const soon = window(2, 3, 'soon');
    const current = window(-1, 1, 'current');
    expect(currentOrNextMaintenance([past, later, soon, current], now)?.message).toBe('current');
    expect(currentOrNextMaintenance([past, later, soon], now)?.message).toBe('soon');
    expect(currentOrNextMaintenance([past], now)).toBeNull();
  });

  it('announces a window starting within 24 hours, not one further off nor one already running', () => {
    expect(shouldAnnounceMaintenance(window(24, 25), now)).toBe(true);
    expect(shouldAnnounceMaintenance(window(24.001, 25), now)).toBe(false);
    expect(shouldAnnounceMaintenance(window(-1, 1), now)).toBe(false);
    expect(shouldAnnounceMaintenance(null, now)).toBe(false);
  });

  it('fills the start and end placeholders', () => {
    const text = maintenanceMessage(window(1, 2, 'Down from {start} to {end}.'), (iso) => iso.slice(11, 16));
    expect(text).toBe('Down from 13:00 to 14:00.');
  });
});
