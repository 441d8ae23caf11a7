import { helpVideosMetaName, parseHelpVideoIds, type HelpVideoIds } from '@headland/domain/helpLinks';

let read: HelpVideoIds | undefined;

/** The help videos the server offers (its HELP_VIDEOS setting, written into the page); none when it has none. */
export function configuredHelpVideos(): HelpVideoIds {
  if (read) return read;
  const content = document.querySelector(`meta[name="${helpVideosMetaName}"]`)?.getAttribute('content');
  const parsed = parseHelpVideoIds(content ?? '');
  read = parsed.ok ? parsed.videos : {};
  return read;
}
