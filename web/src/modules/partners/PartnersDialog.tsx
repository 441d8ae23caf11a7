import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Switch, Text } from '@mantine/core';
import { unsignedDocuments, type Partner, type RequiredDocument } from '@headland/domain/api/partnersApi';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { PartnerCroppingsDialog } from './PartnerCroppingsDialog.tsx';
import { partnersKey, signDocuments, updatePartner, usePartners } from './partnersQueries.ts';
import { LoadFailed, LoadingLine } from '../../shell/dialogs/LoadStates.tsx';

export interface PartnersDialogProps {
  onClose(): void;
}

/**
 * The Partners dialog (session-shell §2, §4 Partners): each partner of the crop year, enabled or not, and the
 * croppings shared with it. Enabling asks for each unsigned required document to be accepted and signed first;
 * disabling asks for confirmation.
 */
export function PartnersDialog({ onClose }: PartnersDialogProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { holding, yearId } = useAppSession();
  const partners = usePartners();
  const [signing, setSigning] = useState<{ partner: Partner; documents: RequiredDocument[] } | null>(null);
  const [disabling, setDisabling] = useState<Partner | null>(null);
  const [croppingsOf, setCroppingsOf] = useState<Partner | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: partnersKey(holding.HoldingId, yearId) });
  const enable = async (partner: Partner, documents: RequiredDocument[]) => {
    if (documents.length > 0)
      await signDocuments(
        api,
        documents.map((document) => document.legalDocumentVersionId),
      );
    await updatePartner(api, { partnerId: partner.id, yearId, enabled: true });
    await refresh();
  };
  const handleToggle = (partner: Partner, checked: boolean) => {
    if (!checked) {
      setDisabling(partner);
      return;
    }
    const data = partners.data!;
    const unsigned = unsignedDocuments(data.requiredDocuments[String(partner.id)] ?? [], data.signatures);
    if (unsigned.length > 0) setSigning({ partner, documents: unsigned });
    else void enable(partner, []);
  };

  let body;
  if (partners.isError) {
    body = (
      <LoadFailed
        title={t('partners.loadError')}
        retry={t('partners.retry')}
        onRetry={() => void partners.refetch()}
      />
    );
  } else if (!partners.data) {
    body = <LoadingLine text={t('partners.loading')} />;
  } else if (partners.data.partners.length === 0) {
    body = <Text>{t('partners.none')}</Text>;
  } else {
    body = (
      <Stack gap="md">
        {partners.data.partners.map((partner) => (
          <Stack key={partner.id} gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{partner.name}</Text>
              <Switch
                checked={partner.enabled}
                label={t('partners.enabled')}
                aria-label={t('partners.enablePartner', { name: partner.name })}
                onChange={(event) => handleToggle(partner, event.currentTarget.checked)}
              />
            </Group>
            {partner.description && (
              <Text size="sm" c="dimmed">
                {partner.description}
              </Text>
            )}
            <Group gap="xs">
              <Text size="sm">{t('partners.sharedCount', { count: partner.croppingIds.length })}</Text>
              <Button
                size="xs"
                variant="default"
                aria-label={t('partners.croppingsOf', { name: partner.name })}
                onClick={() => setCroppingsOf(partner)}
              >
                {t('partners.croppings')}
              </Button>
            </Group>
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <Modal
        opened
        onClose={onClose}
        title={t('partners.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('partners.close') }}
      >
        {body}
      </Modal>
      {signing && (
        <SignDocumentsDialog
          partner={signing.partner}
          documents={signing.documents}
          onCancel={() => setSigning(null)}
          onSign={async () => {
            await enable(signing.partner, signing.documents);
            setSigning(null);
          }}
        />
      )}
      {disabling && (
        <Modal
          opened
          onClose={() => setDisabling(null)}
          title={t('partners.disableTitle')}
          centered
          closeButtonProps={{ 'aria-label': t('partners.close') }}
        >
          <Stack>
            <Text>{t('partners.disableWarning', { name: disabling.name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDisabling(null)}>
                {t('partners.cancel')}
              </Button>
              <Button
                color="red"
                onClick={async () => {
                  await updatePartner(api, { partnerId: disabling.id, yearId, enabled: false });
                  setDisabling(null);
                  await refresh();
                }}
              >
                {t('partners.disable')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {croppingsOf && (
        <PartnerCroppingsDialog
          partner={croppingsOf}
          onClose={() => setCroppingsOf(null)}
          onSaved={async () => {
            setCroppingsOf(null);
            await refresh();
          }}
        />
      )}
    </>
  );
}

interface SignDocumentsDialogProps {
  partner: Partner;
  documents: RequiredDocument[];
  onCancel(): void;
  onSign(): Promise<void>;
}

/** The partner's unsigned documents, each to be accepted before signing them all and enabling the partner. */
function SignDocumentsDialog({ partner, documents, onCancel, onSign }: SignDocumentsDialogProps) {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const allAccepted = documents.every((document) => accepted.has(document.legalDocumentVersionId));
  return (
    <Modal
      opened
      onClose={onCancel}
      title={t('partners.signTitle', { name: partner.name })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('partners.close') }}
    >
      <Stack>
        {documents.map((document) => (
          <Stack key={document.legalDocumentVersionId} gap="xs">
            <Text fw={600}>{document.title}</Text>
            <ScrollArea.Autosize mah={240} type="auto">
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {document.text}
              </Text>
            </ScrollArea.Autosize>
            <Checkbox
              label={t('partners.accept', { title: document.title })}
              checked={accepted.has(document.legalDocumentVersionId)}
              onChange={(event) => {
                const next = new Set(accepted);
                if (event.currentTarget.checked) next.add(document.legalDocumentVersionId);
                else next.delete(document.legalDocumentVersionId);
                setAccepted(next);
              }}
            />
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('partners.cancel')}
          </Button>
          <Button
            disabled={!allAccepted || busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onSign();
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('partners.signAndEnable')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
