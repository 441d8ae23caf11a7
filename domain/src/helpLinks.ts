import { menuItemForPath } from './menu.ts';
import { Role } from './roles.ts';

/**
 * The help-link catalogue (session-shell-connections §1 and §2): per module, the tutorial videos (by the video
 * host's id) and the PDF manuals (by path on the app's own server) that the help dialog offers. Access-role users
 * do not see the items flagged as not for them (§6).
 *
 * The manuals ship with the app. The videos are published by whoever runs it, so their ids are a server
 * setting (HELP_VIDEOS, see `parseHelpVideoIds`): a video item whose id is not set is not offered at all, rather
 * than a player that says the video does not exist.
 */
export type HelpLink =
  | { id: string; kind: 'video'; videoId: string; notForAccess?: boolean }
  | { id: string; kind: 'document'; pdfPath: string; notForAccess?: boolean };

/** A catalogue item: a video is named here, its id comes from the server's setting. */
export type HelpCatalogueItem =
  | { id: string; kind: 'video'; notForAccess?: boolean }
  | { id: string; kind: 'document'; pdfPath: string; notForAccess?: boolean };

/** The video host's id of each video item that has one, by the item's id. */
export type HelpVideoIds = Readonly<Record<string, string>>;

/** The page's meta element that carries the server's HELP_VIDEOS setting to the web app. */
export const helpVideosMetaName = 'headland-help-videos';

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
export const helpCatalogue: Readonly<Record<string, readonly HelpCatalogueItem[]>> = {
  dashboard: [
    { id: 'gettingStarted', kind: 'video' },
    { id: 'userGuide', kind: 'document', pdfPath: '/help/user-guide.pdf' },
  ],
  fields: [
    { id: 'fieldsAndCroppings', kind: 'video', notForAccess: true },
    { id: 'fieldsGuide', kind: 'document', pdfPath: '/help/fields.pdf', notForAccess: true },
    { id: 'userGuide', kind: 'document', pdfPath: '/help/user-guide.pdf' },
  ],
  datalayers: [
    { id: 'mapLayers', kind: 'video' },
    { id: 'editingBoundaries', kind: 'video', notForAccess: true },
    { id: 'mapGuide', kind: 'document', pdfPath: '/help/map-layers.pdf' },
  ],
};

/** The ids of the catalogue's video items. */
export const helpVideoItemIds: ReadonlySet<string> = new Set(
  Object.values(helpCatalogue).flatMap((items) =>
    items.filter((item) => item.kind === 'video').map((item) => item.id),
  ),
);

/**
 * The HELP_VIDEOS setting: comma-separated `item=videoId` pairs, e.g. `gettingStarted=AbCdEfGhIjK`. Answers
 * the ids, or the words of what is wrong with the first bad pair.
 */
export function parseHelpVideoIds(
  text: string,
): { ok: true; videos: HelpVideoIds } | { ok: false; problem: string } {
  const videos: Record<string, string> = {};
  for (const pair of text.split(',').map((part) => part.trim())) {
    if (!pair) continue;
    const [item = '', videoId = '', ...rest] = pair.split('=').map((part) => part.trim());
    if (rest.length || !helpVideoItemIds.has(item))
      return {
        ok: false,
        problem: `"${pair}" does not name a help video; the videos are ${[...helpVideoItemIds].join(', ')}`,
      };
    if (!videoIdPattern.test(videoId))
      return { ok: false, problem: `"${videoId}" is not a video id (11 letters, digits, - or _)` };
    videos[item] = videoId;
  }
  return { ok: true, videos };
}

/** The setting as the page's meta element carries it: only well-formed pairs, so it needs no escaping. */
export function formatHelpVideoIds(videos: HelpVideoIds): string {
  return Object.entries(videos)
    .filter(([item, videoId]) => helpVideoItemIds.has(item) && videoIdPattern.test(videoId))
    .map(([item, videoId]) => `${item}=${videoId}`)
    .join(',');
}

/** Whether an item is well formed: a video id of the host's shape, or a manual's path under /help/. */
export function isValidHelpLink(link: HelpLink): boolean {
  return link.kind === 'video' ? videoIdPattern.test(link.videoId) : pdfPathPattern.test(link.pdfPath);
}

/**
 * The help items of the module at `path` that a user of `role` may see (none for a screen without help), with
 * each video's id from `videos`; a video without one is left out.
 */
export function helpLinksForPath(path: string, role: Role, videos: HelpVideoIds = {}): HelpLink[] {
  const entry = menuItemForPath(path);
  const items = entry ? (helpCatalogue[entry.id] ?? []) : [];
  return items.flatMap((item): HelpLink[] => {
    if (item.notForAccess && role === Role.Access) return [];
    if (item.kind === 'document') return [item];
    const videoId = videos[item.id];
    return videoId && videoIdPattern.test(videoId) ? [{ ...item, videoId }] : [];
  });
}

/** The address of the embedded player of a video: no related videos from other channels at its end. */
export function helpVideoEmbedUrl(videoId: string): string {
  return `${helpVideoEmbedOrigin}/embed/${encodeURIComponent(videoId)}?rel=0`;
}

/** The address of a video's page on the host, opened in a new tab. */
export function helpVideoWatchUrl(videoId: string): string {
  return `${helpVideoWatchOrigin}/watch?v=${encodeURIComponent(videoId)}`;
}
