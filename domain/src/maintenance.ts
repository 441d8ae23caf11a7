import { maintenancePopupLeadMs } from './limits.ts';

/** A maintenance window as `/maintenance.json` lists it. */
export interface MaintenanceWindow {
  startDate: string;
  endDate: string;
  message: string;
}

/** Whether `now` lies in the window (start included, end excluded). */
export function isMaintenanceActive(window: MaintenanceWindow, now: number): boolean {
  return Date.parse(window.startDate) <= now && now < Date.parse(window.endDate);
}

/**
 * The notice that matters now (session-shell §4): the window `now` lies in, else the next one to start; null
 * when none is current or to come.
 */
export function currentOrNextMaintenance<T extends MaintenanceWindow>(
  windows: readonly T[],
  now: number,
): T | null {
  const active = windows.find((window) => isMaintenanceActive(window, now));
  if (active) return active;
  let next: T | null = null;
  for (const window of windows) {
    const start = Date.parse(window.startDate);
    if (start > now && (!next || start < Date.parse(next.startDate))) next = window;
  }
  return next;
}

/** The popup shows for a window that has not started yet but starts within 24 hours. */
export function shouldAnnounceMaintenance(window: MaintenanceWindow | null, now: number): boolean {
  if (!window) return false;
  const start = Date.parse(window.startDate);
  return start > now && start - now <= maintenancePopupLeadMs;
}

/** The message with its {start} and {end} placeholders filled by `format` (date and time of each bound). */
export function maintenanceMessage(window: MaintenanceWindow, format: (iso: string) => string): string {
  return window.message
    .replaceAll('{start}', format(window.startDate))
    .replaceAll('{end}', format(window.endDate));
}
