import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Loader, Select, Text } from '@mantine/core';
import type { Connection } from '@headland/domain/api/appsApi';
import { defaultFirstYear, firstYearChoices, syncApp } from '@headland/domain/connectedApps';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { saveConnectionConfig, useConnectionConfig } from './appsQueries.ts';

export interface OrganisationChoiceProps {
  connection: Connection;
  name: string;
  onSaved(): void;
}

/**
 * The organisation of a connection, from the provider account's list (with §8's words when it has none), and
 * for the sync app its first year (§4: from 2010 to the holding's latest year, by default its earliest).
 */
export function OrganisationChoice({ connection, name, onSaved }: OrganisationChoiceProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { holding } = useAppSession();
  const config = useConnectionConfig(connection.connectionId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [year, setYear] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sync = connection.appId === syncApp;

  if (config.isError)
    return (
      <Text size="sm" c="red">
        {t('apps.configLoadError')}
      </Text>
    );
  if (!config.data) return <Loader size="xs" aria-label={t('apps.loadingOrganisations')} />;
  const { organisations, org, message } = config.data;
  if (organisations.length === 0) return <Text size="sm">{message}</Text>;

  const organisationId = chosen ?? org?.id ?? null;
  const firstYear = year ?? String(config.data.config.firstYear ?? defaultFirstYear(holding.CropYears));
  const unchanged =
    organisationId === (org?.id ?? null) && (!sync || Number(firstYear) === config.data.config.firstYear);
  return (
    <Group gap="xs" align="flex-end">
      <Select
        label={t('apps.organisation')}
        placeholder={t('apps.chooseOrganisation')}
        data={organisations.map((organisation) => ({ value: organisation.id, label: organisation.name }))}
        value={organisationId}
        onChange={setChosen}
        allowDeselect={false}
        w={260}
      />
      {sync && (
        <Select
          label={t('apps.firstYear')}
          data={firstYearChoices(holding.CropYears).map(String)}
          value={firstYear}
          onChange={setYear}
          allowDeselect={false}
          w={120}
        />
      )}
      <Button
        size="sm"
        loading={busy}
        disabled={!organisationId || unchanged}
        aria-label={t('apps.saveNamed', { app: name })}
        onClick={async () => {
          const organisation = organisations.find((entry) => entry.id === organisationId);
          if (!organisation) return;
          setBusy(true);
          try {
            await saveConnectionConfig(api, {
              connectionId: connection.connectionId,
              org: organisation.id,
              orgName: organisation.name,
              ...(sync ? { config: { firstYear: Number(firstYear) } } : {}),
            });
            setChosen(null);
            setYear(null);
            await config.refetch();
            onSaved();
          } catch {
            // The error dialog has said why; the choice stays for another try.
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('apps.save')}
      </Button>
    </Group>
  );
}
