import { NativeSelect, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  holdingPermissionFeatures,
  permissionAvailability,
  permissionCell,
  permissionCellOptions,
  type HoldingFeatureFlags,
  type HoldingPermissionFeature,
  type HoldingPermissionFeatureId,
  type HoldingPermissionGroup,
  type PermissionCell,
} from '@headland/domain/holdingPermissions';
import { HoldingRole, resolveRole } from '@headland/domain/roles';
import { columnName, filterDrafts, type UserDraft } from './permissionsDraft.ts';
import { UserFilter } from './UserFilter.tsx';

export interface PermissionsTabProps {
  drafts: readonly UserDraft[];
  holdingFeatures: HoldingFeatureFlags;
  /** Only those who manage the holding change permissions; everyone else sees the grid read-only. */
  editable: boolean;
  /** Owners are told where to invite users when there is nobody to show. */
  owner: boolean;
  filter: string;
  onFilterChange(value: string): void;
  onCellChange(userId: number, id: HoldingPermissionFeatureId, cell: PermissionCell | null): void;
  onBulkChange(userId: number, group: HoldingPermissionGroup, level: 'view' | 'edit'): void;
}

const groups: readonly HoldingPermissionGroup[] = ['main', 'scouting'];

/** Text ids cannot hold the dots of the feature ids: i18next reads dots as nesting. */
export function featureTextKey(id: HoldingPermissionFeatureId): string {
  return `permissions.features.${id.replaceAll('.', '_')}`;
}

/** A column per member (owners are never narrowed, removed users are gone), in the order loaded. */
export function permissionColumns(drafts: readonly UserDraft[]): UserDraft[] {
  return drafts.filter((draft) => !draft.deleted && draft.holdingRole !== HoldingRole.Owner);
}

/**
 * The Permissions tab: a grid of features against members, in two groups (main application and
 * field-scouting application), each group header with a bulk drop-down per member.
 */
export function PermissionsTab({
  drafts,
  holdingFeatures,
  editable,
  owner,
  filter,
  onFilterChange,
  onCellChange,
  onBulkChange,
}: PermissionsTabProps) {
  const { t } = useTranslation();
  const members = permissionColumns(drafts);
  const columns = filterDrafts(members, filter);

  const cellText = (value: PermissionCell | null) =>
    value === null ? t('permissions.grid.noAccess') : t(`permissions.cells.${value}`);

  const renderCell = (draft: UserDraft, feature: HoldingPermissionFeature) => {
    const name = columnName(draft);
    const availability = permissionAvailability(
      feature.id,
      resolveRole(draft.loaded.userRole),
      draft.holdingRole,
      holdingFeatures,
      { permissions: draft.holdingPermissions },
    );
    if (!availability.available) {
      return (
        <Text size="sm" c="dimmed">
          {t('permissions.cells.notAvailable')}
        </Text>
      );
    }
    const value = permissionCell(draft.holdingPermissions, feature.id);
    if (!editable) return <Text size="sm">{cellText(value)}</Text>;
    const options = permissionCellOptions[feature.format].map((option) => ({
      value: option.value,
      label: t(`permissions.cells.${option.value}`),
    }));
    // Access-type cells are always one of their two choices; the others may be cleared to no access.
    const data = feature.format === 'access' ? options : [{ value: '', label: cellText(null) }, ...options];
    return (
      <NativeSelect
        size="xs"
        aria-label={t(`permissions.grid.cellLabel.${feature.group}`, {
          feature: t(featureTextKey(feature.id)),
          name,
        })}
        value={value ?? ''}
        data={data}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onCellChange(draft.loaded.userId, feature.id, chosen === '' ? null : (chosen as PermissionCell));
        }}
      />
    );
  };

  if (members.length === 0) {
    return (
      <Stack>
        <UserFilter value={filter} onChange={onFilterChange} />
        <Text>{t('permissions.grid.noMembers')}</Text>
        {owner && <Text c="dimmed">{t('permissions.grid.inviteHint')}</Text>}
      </Stack>
    );
  }

  return (
    <Stack>
      <UserFilter value={filter} onChange={onFilterChange} />
      {columns.length === 0 ? (
        <Text c="dimmed">{t('permissions.noMatch')}</Text>
      ) : (
        <ScrollArea.Autosize type="auto" mah="calc(100vh - 22rem)" mih={240}>
          <Table aria-label={t('permissions.grid.table')} withColumnBorders stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={190}>{t('permissions.grid.feature')}</Table.Th>
                {columns.map((draft) => (
                  <Table.Th key={draft.loaded.userId} miw={260}>
                    <Tooltip label={draft.loaded.email}>
                      <span>{columnName(draft)}</span>
                    </Tooltip>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            {groups.map((group) => {
              const groupName = t(`permissions.grid.groups.${group}`);
              return (
                <Table.Tbody key={group} aria-label={groupName}>
                  <Table.Tr bg="var(--mantine-color-gray-0)">
                    <Table.Th scope="rowgroup">{groupName}</Table.Th>
                    {columns.map((draft) => (
                      <Table.Td key={draft.loaded.userId}>
                        {editable && (
                          <NativeSelect
                            size="xs"
                            aria-label={t('permissions.grid.bulkLabel', {
                              group: groupName,
                              name: columnName(draft),
                            })}
                            value=""
                            data={[
                              { value: '', label: t('permissions.grid.bulkPlaceholder') },
                              { value: 'view', label: t('permissions.cells.view') },
                              { value: 'edit', label: t('permissions.cells.edit') },
                            ]}
                            onChange={(event) => {
                              const level = event.currentTarget.value;
                              if (level === 'view' || level === 'edit')
                                onBulkChange(draft.loaded.userId, group, level);
                            }}
                          />
                        )}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                  {holdingPermissionFeatures
                    .filter((feature) => feature.group === group)
                    .map((feature) => (
                      <Table.Tr key={feature.id}>
                        <Table.Th scope="row" fw="normal" pl={'parent' in feature ? 'xl' : undefined}>
                          {t(featureTextKey(feature.id))}
                        </Table.Th>
                        {columns.map((draft) => (
                          <Table.Td key={draft.loaded.userId}>{renderCell(draft, feature)}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              );
            })}
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
