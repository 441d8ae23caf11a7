import type { TextLookup } from '@headland/domain/api/refusalCodes';
import type { LanguageCode } from '@headland/domain/languages';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * What the connect popup shows when the provider sends it back. It carries no script (the CSP allows none):
 * the page that opened the popup sees the connection through its poll and closes it.
 */
export function callbackPage(connected: boolean, language: LanguageCode, say: TextLookup): string {
  const title = say('apps.callbackTitle') ?? 'Connected apps';
  const message = say(connected ? 'apps.callbackConnected' : 'apps.callbackFailed') ?? '';
  return `<!doctype html>
<html lang="${language}">
  <head><meta charset="utf-8"><title>${escape(title)}</title></head>
  <body><main><h1>${escape(title)}</h1><p${connected ? '' : ' role="alert"'}>${escape(message)}</p></main></body>
</html>`;
}
