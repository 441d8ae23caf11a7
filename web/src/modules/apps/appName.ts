import { appNames, isExternalApp } from '@headland/domain/connectedApps';

/** The app's own name; an id this client does not know yet is shown as its number. */
export function appName(appId: number): string {
  return isExternalApp(appId) ? appNames[appId] : `#${appId}`;
}
