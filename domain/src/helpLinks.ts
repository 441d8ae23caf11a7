import { menuItemForPath } from './menu.ts';
import { Role } from './roles.ts';

/**
 * The help-link catalogue (session-shell-connections §1 and §2): per module, the tutorial videos (by the video
 * host's id) and the PDF manuals (by path on the app's own server) that the help dialog offers. Access-role users
 * do not see the items flagged as not for them (§6).
 */
export type HelpLink =
  | { id: string; kind: 'video'; videoId: string; notForAccess?: boolean }
  | { id: string; kind: 'document'; pdfPath: string; notForAccess?: boolean };

/** The video host: its privacy-enhanced player is embedded, and its watch page opens in a new tab. */
export const helpVideoEmbedOrigin = 'https://www.youtube-nocookie.com';
export const helpVideoWatchOrigin = 'https://www.youtube.com';

/** The video host's ids are 11 characters of its URL-safe alphabet. */
const videoIdPattern = /^[A-Za-z0-9_-]{11}$/;
/** Manuals are PDF files under /help/ on the app's server. */
const pdfPathPattern = /^\/help\/[a-z0-9-]+\.pdf$/;

/**
 * The catalogue, keyed by the module's menu entry id (domain/menu.ts). Each item's title is the text
 * `help.items.<id>` of the web app's translations.
 */
export const helpCatalogue: Readonly<Record<string, readonly HelpLink[]>> = {
  dashboard: [
    { id: 'gettingStarted', kind: 'video', videoId: 'hD3kQm7pLw2' },
    { id: 'userGuide', kind: 'document', pdfPath: '/help/user-guide.pdf' },
  ],
  fields: [
    { id: 'fieldsAndCroppings', kind: 'video', videoId: 'Fq8vT1nRx0c', notForAccess: true },
    { id: 'fieldsGuide', kind: 'document', pdfPath: '/help/fields.pdf', notForAccess: true },
    { id: 'userGuide', kind: 'document', pdfPath: '/help/user-guide.pdf' },
  ],
  datalayers: [
    { id: 'mapLayers', kind: 'video', videoId: 'Lm4yZ9bWc6s' },
    { id: 'editingBoundaries', kind: 'video', videoId: 'Bx2nH5pKe8t', notForAccess: true },
    { id: 'mapGuide', kind: 'document', pdfPath: '/help/map-layers.pdf' },
  ],
};

/** Whether an item is well formed: a video id of the host's shape, or a manual's path under /help/. */
export function isValidHelpLink(link: HelpLink): boolean {
  return link.kind === 'video' ? videoIdPattern.test(link.videoId) : pdfPathPattern.test(link.pdfPath);
}

/** The help items of the module at `path` that a user of `role` may see (none for a screen without help). */
export function helpLinksForPath(path: string, role: Role): HelpLink[] {
  const entry = menuItemForPath(path);
  const links = entry ? (helpCatalogue[entry.id] ?? []) : [];
  return links.filter((link) => !(link.notForAccess && role === Role.Access));
}

/** The address of the embedded player of a video: no related videos from other channels at its end. */
export function helpVideoEmbedUrl(videoId: string): string {
  return `${helpVideoEmbedOrigin}/embed/${encodeURIComponent(videoId)}?rel=0`;
}

/** The address of a video's page on the host, opened in a new tab. */
export function helpVideoWatchUrl(videoId: string): string {
  return `${helpVideoWatchOrigin}/watch?v=${encodeURIComponent(videoId)}`;
}
