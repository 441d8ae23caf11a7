import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { Partner } from '@headland/domain/api/partnersApi';
import { bulkChangeAllowed, croppingChanges, partnerCroppingsTableHeight } from '@headland/domain/partners';
import { translatedCropLabel } from '../../i18n/cropNames.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { updatePartner, useYearCroppings } from './partnersQueries.ts';

export interface PartnerCroppingsDialogProps {
  partner: Partner;
  onClose(): void;
  onSaved(): Promise<void>;
}

/**
 * The croppings of the crop year shared with one partner (session-shell §2, §4 Partners): rows are selected,
 * then shared or no longer shared in bulk; Save sends what differs from the shared set the dialog opened with.
 */
export function PartnerCroppingsDialog({ partner, onClose, onSaved }: PartnerCroppingsDialogProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { yearId } = useAppSession();
  const croppings = useYearCroppings();
  const initial = useMemo(() => new Set(partner.croppingIds), [partner.croppingIds]);
  const [shared, setShared] = useState<ReadonlySet<number>>(initial);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const changes = croppingChanges(initial, shared);

  const toggleRow = (id: number, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const apply = (share: boolean) => {
    const next = new Set(shared);
    for (const id of selected) {
      if (share) next.add(id);
      else next.delete(id);
    }
    setShared(next);
    setSelected(new Set());
  };

  let body;
  if (croppings.isError) {
    body = <Alert color="red" title={t('partners.croppingsLoadError')} />;
  } else if (!croppings.data) {
    body = <Loader size="sm" />;
  } else {
    const rows = croppings.data;
    const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.CroppingId));
    body = (
      <ScrollArea h={partnerCroppingsTableHeight} type="auto">
        <Table stickyHeader striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Checkbox
                  aria-label={t('partners.selectAll')}
                  checked={allSelected}
                  onChange={(event) =>
                    setSelected(
                      event.currentTarget.checked ? new Set(rows.map((row) => row.CroppingId)) : new Set(),
                    )
                  }
                />
              </Table.Th>
              <Table.Th>{t('partners.field')}</Table.Th>
              <Table.Th>{t('partners.crop')}</Table.Th>
              <Table.Th>{t('partners.area')}</Table.Th>
              <Table.Th>{t('partners.shared')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const crop = translatedCropLabel(t, row);
              const label = `${row.FieldName} – ${crop}`;
              return (
                <Table.Tr key={row.CroppingId}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('partners.selectCropping', { name: label })}
                      checked={selected.has(row.CroppingId)}
                      onChange={(event) => toggleRow(row.CroppingId, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>{row.FieldName}</Table.Td>
                  <Table.Td>{crop}</Table.Td>
                  <Table.Td>{row.Area === null ? '' : row.Area.toFixed(2)}</Table.Td>
                  <Table.Td>{shared.has(row.CroppingId) ? t('partners.yes') : t('partners.no')}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('partners.croppingsTitle', { name: partner.name })}
      size="xl"
      closeButtonProps={{ 'aria-label': t('partners.close') }}
    >
      <Stack>
        {body}
        <Group justify="space-between">
          <Group gap="xs">
            <Button
              variant="default"
              disabled={!bulkChangeAllowed(selected, shared, true)}
              onClick={() => apply(true)}
            >
              {t('partners.enableSelected')}
            </Button>
            <Button
              variant="default"
              disabled={!bulkChangeAllowed(selected, shared, false)}
              onClick={() => apply(false)}
            >
              {t('partners.disableSelected')}
            </Button>
          </Group>
          <Group gap="xs">
            <Text size="sm">{t('partners.changeCount', { count: Object.keys(changes).length })}</Text>
            <Button variant="default" onClick={onClose}>
              {t('partners.cancel')}
            </Button>
            <Button
              disabled={Object.keys(changes).length === 0 || busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await updatePartner(api, {
                    partnerId: partner.id,
                    yearId,
                    enabled: partner.enabled,
                    croppings: changes,
                  });
                  await onSaved();
                } finally {
                  setBusy(false);
                }
              }}
            >
              {t('partners.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
