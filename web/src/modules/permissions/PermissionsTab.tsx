import { Stack, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  holdingPermissionFeatures,
  permissionAvailability,
  permissionCell,
  permissionCellOptions,
  type HoldingFeatureFlags,
  type HoldingPermissionFeature,
  type HoldingPermissionFeatureId,
  type HoldingPermissionFormat,
  type HoldingPermissionGroup,
  type HoldingPermissions,
  type PermissionCell,
} from '@headland/domain/holdingPermissions';
import { HoldingRole, resolveRole } from '@headland/domain/roles';
import { GridSpacer } from './GridSpacer.tsx';
import { columnName, filterDrafts, type UserDraft } from './permissionsDraft.ts';
import { useGridWindow, type GridAxis } from './useGridWindow.ts';
import { UserFilter } from './UserFilter.tsx';
import './permissionsGrid.css';

export interface PermissionsTabProps {
  drafts: readonly UserDraft[];
  holdingFeatures: HoldingFeatureFlags;
  /** What the holding's owners have: what they lack reads 'Not available'. Null: no owner narrows. */
  ownerPermissions: HoldingPermissions | null;
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
/** Pixel widths of the feature column and of each member column (wide enough for the longest choice). */
const featureWidth = 220;
const memberWidth = 300;

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
 * field-scouting application), each group header with a bulk drop-down per member. Only the member columns in
 * view are drawn (with some either side), so a holding with hundreds of members opens at once; the filter
 * narrows the columns.
 */
export function PermissionsTab({
  drafts,
  holdingFeatures,
  ownerPermissions,
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
  const axis: GridAxis = {
    count: columns.length,
    size: memberWidth,
    offset: featureWidth,
    overscan: 2,
    initial: 8,
  };
  const { bindViewport, columns: span } = useGridWindow({ columns: axis });
  const { start, end } = span;
  const shown = columns.slice(start, end);
  const before = start * memberWidth;
  const after = (columns.length - end) * memberWidth;

  const cellText = (value: PermissionCell | null) =>
    value === null ? t('permissions.grid.noAccess') : t(`permissions.cells.${value}`);
  // The choices of each format, worked out once per render rather than once per cell.
  const choices = Object.fromEntries(
    (Object.keys(permissionCellOptions) as HoldingPermissionFormat[]).map((format) => {
      const options = permissionCellOptions[format].map((option) => ({
        value: option.value,
        label: t(`permissions.cells.${option.value}`),
      }));
      // Access-type cells are always one of their two choices; the others may be cleared to no access.
      return [format, format === 'access' ? options : [{ value: '', label: cellText(null) }, ...options]];
    }),
  ) as Record<HoldingPermissionFormat, { value: string; label: string }[]>;
  const bulkOptions = [
    { value: '', label: t('permissions.grid.bulkPlaceholder') },
    { value: 'view', label: t('permissions.cells.view') },
    { value: 'edit', label: t('permissions.cells.edit') },
  ];

  const renderCell = (draft: UserDraft, feature: HoldingPermissionFeature, featureText: string) => {
    const availability = permissionAvailability(
      feature.id,
      resolveRole(draft.loaded.userRole),
      draft.holdingRole,
      holdingFeatures,
      { permissions: draft.holdingPermissions, ownerPermissions },
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
    return (
      <select
        className="hl-grid-select"
        aria-label={t(`permissions.grid.cellLabel.${feature.group}`, {
          feature: featureText,
          name: columnName(draft),
        })}
        value={value ?? ''}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onCellChange(draft.loaded.userId, feature.id, chosen === '' ? null : (chosen as PermissionCell));
        }}
      >
        {choices[feature.format].map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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
        <div className="hl-grid-viewport" ref={bindViewport}>
          <Table
            className="hl-grid"
            aria-label={t('permissions.grid.table')}
            aria-colcount={columns.length + 1}
            layout="fixed"
            w={featureWidth + columns.length * memberWidth}
            withColumnBorders
            stickyHeader
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th className="hl-grid-heading" w={featureWidth} aria-colindex={1}>
                  {t('permissions.grid.feature')}
                </Table.Th>
                <GridSpacer width={before} />
                {shown.map((draft, index) => (
                  <Table.Th
                    key={draft.loaded.userId}
                    className="hl-grid-truncate"
                    w={memberWidth}
                    aria-colindex={start + index + 2}
                  >
                    <Tooltip label={draft.loaded.email}>
                      <span>{columnName(draft)}</span>
                    </Tooltip>
                  </Table.Th>
                ))}
                <GridSpacer width={after} />
              </Table.Tr>
            </Table.Thead>
            {groups.map((group) => {
              const groupName = t(`permissions.grid.groups.${group}`);
              return (
                <Table.Tbody key={group} aria-label={groupName}>
                  <Table.Tr className="hl-grid-group">
                    <Table.Th className="hl-grid-heading" scope="rowgroup" aria-colindex={1}>
                      {groupName}
                    </Table.Th>
                    <GridSpacer width={before} />
                    {shown.map((draft, index) => (
                      <Table.Td key={draft.loaded.userId} aria-colindex={start + index + 2}>
                        {editable && (
                          <select
                            className="hl-grid-select"
                            aria-label={t('permissions.grid.bulkLabel', {
                              group: groupName,
                              name: columnName(draft),
                            })}
                            value=""
                            onChange={(event) => {
                              const level = event.currentTarget.value;
                              if (level === 'view' || level === 'edit')
                                onBulkChange(draft.loaded.userId, group, level);
                            }}
                          >
                            {bulkOptions.map((option) => (
                              <option key={option.value} value={option.value}>
                                {option.label}
                              </option>
                            ))}
                          </select>
                        )}
                      </Table.Td>
                    ))}
                    <GridSpacer width={after} />
                  </Table.Tr>
                  {holdingPermissionFeatures
                    .filter((feature) => feature.group === group)
                    .map((feature) => {
                      const featureText = t(featureTextKey(feature.id));
                      return (
                        <Table.Tr key={feature.id}>
                          <Table.Th
                            className="hl-grid-heading"
                            scope="row"
                            fw="normal"
                            pl={'parent' in feature ? 'xl' : undefined}
                            aria-colindex={1}
                          >
                            {featureText}
                          </Table.Th>
                          <GridSpacer width={before} />
                          {shown.map((draft, index) => (
                            <Table.Td key={draft.loaded.userId} aria-colindex={start + index + 2}>
                              {renderCell(draft, feature, featureText)}
                            </Table.Td>
                          ))}
                          <GridSpacer width={after} />
                        </Table.Tr>
                      );
                    })}
                </Table.Tbody>
              );
            })}
          </Table>
        </div>
      )}
    </Stack>
  );
}
