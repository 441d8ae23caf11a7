import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Anchor, AspectRatio, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { helpVideoEmbedUrl, helpVideoWatchUrl, type HelpLink } from '@headland/domain/helpLinks';

export interface HelpDialogProps {
  opened: boolean;
  /** The help items of the open module the user may see. */
  links: readonly HelpLink[];
  onClose(): void;
}

/**
 * The help dialog (session-shell-connections §2): the module's videos and manuals. A video plays in the dialog
 * from the video host's privacy-enhanced player (the Content-Security-Policy allows that one frame source), with
 * its page on the host a click away; a manual, a PDF on the app's server, opens in a new tab.
 */
export function HelpDialog({ opened, links, onClose }: HelpDialogProps) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState<string | null>(null);
  const video = links.find((link) => link.kind === 'video' && link.id === playing);
  const close = () => {
    setPlaying(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('help.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {links.map((link) => (
            <li key={link.id}>
              {link.kind === 'video' ? (
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text>{t(`help.items.${link.id}`)}</Text>
                  <Button
                    size="compact-sm"
                    variant={playing === link.id ? 'filled' : 'light'}
                    aria-pressed={playing === link.id}
                    aria-label={t('help.playVideoNamed', { title: t(`help.items.${link.id}`) })}
                    onClick={() => setPlaying(link.id)}
                  >
                    {t('help.playVideo')}
                  </Button>
                </Group>
              ) : (
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text>{t(`help.items.${link.id}`)}</Text>
                  <Anchor
                    href={link.pdfPath}
                    target="_blank"
                    rel="noopener"
                    size="sm"
                    aria-label={t('help.openDocumentNamed', { title: t(`help.items.${link.id}`) })}
                  >
                    {t('help.openDocument')}
                  </Anchor>
                </Group>
              )}
            </li>
          ))}
        </Stack>
        {video?.kind === 'video' && (
          <Stack gap={4}>
            <AspectRatio ratio={16 / 9}>
              <iframe
                src={helpVideoEmbedUrl(video.videoId)}
                title={t(`help.items.${video.id}`)}
                allow="encrypted-media; picture-in-picture; fullscreen"
                referrerPolicy="strict-origin-when-cross-origin"
                style={{ border: 0 }}
              />
            </AspectRatio>
            <Anchor href={helpVideoWatchUrl(video.videoId)} target="_blank" rel="noopener" size="sm">
              {t('help.watchElsewhere')}
            </Anchor>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
