import { Center, Checkbox, NativeSelect, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HoldingRole } from '@headland/domain/roles';
import { formatHectares } from '@headland/domain/units';
import type { VisibleCroppingEntry } from '@headland/domain/visibleCroppings';
import {
  croppingGroupings,
  groupCheck,
  groupCroppings,
  type CroppingGroup,
  type CroppingGrouping,
} from './croppingGroups.ts';
import { columnName, filterDrafts, isCroppingAuthorised, type UserDraft } from './permissionsDraft.ts';
import { UserFilter } from './UserFilter.tsx';

export interface CroppingTabProps {
  drafts: readonly UserDraft[];
  croppings: readonly VisibleCroppingEntry[];
  year: number;
  editable: boolean;
  grouping: CroppingGrouping;
  onGroupingChange(grouping: CroppingGrouping): void;
  filter: string;
  onFilterChange(value: string): void;
  /** Ticks or unticks 'Access any cropping'. */
  onAnyCroppingChange(userId: number, any: boolean): void;
  onCroppingsChange(userId: number, croppingIds: readonly number[], authorized: boolean): void;
}

/** A column per restricted member that stays on the holding. */
export function croppingColumns(drafts: readonly UserDraft[]): UserDraft[] {
  return drafts.filter((draft) => !draft.deleted && draft.holdingRole === HoldingRole.RestrictedMember);
}

/**
 * The Cropping tab: restricted members against the year's croppings. 'Access any cropping' first; then the
 * croppings in groups, each group with its total area and a tri-state checkbox.
 */
export function CroppingTab({
  drafts,
  croppings,
  year,
  editable,
  grouping,
  onGroupingChange,
  filter,
  onFilterChange,
  onAnyCroppingChange,
  onCroppingsChange,
}: CroppingTabProps) {
  const { t } = useTranslation();
  const members = croppingColumns(drafts);
  const columns = filterDrafts(members, filter);
  const groups = groupCroppings(croppings, grouping);

  const groupName = (group: CroppingGroup) =>
    group.value ??
    t(grouping === 'all' ? 'permissions.cropping.allCrops' : `permissions.cropping.none.${grouping}`);

  const groupCell = (draft: UserDraft, group: CroppingGroup) => {
    const ids = group.croppings.map((cropping) => cropping.croppingId);
    const restricted = draft.restrictCroppingAccess;
    // With access to any cropping every cropping is open to the user, whatever was ticked before.
    const state = restricted ? groupCheck(ids.map((id) => isCroppingAuthorised(draft, id))) : 'checked';
    return (
      <Checkbox
        aria-label={t('permissions.cropping.cellLabel', { item: groupName(group), name: columnName(draft) })}
        checked={state === 'checked'}
        indeterminate={state === 'mixed'}
        disabled={!editable || !restricted}
        onChange={() => onCroppingsChange(draft.loaded.userId, ids, state !== 'checked')}
      />
    );
  };

  const croppingCell = (draft: UserDraft, cropping: VisibleCroppingEntry) => {
    const restricted = draft.restrictCroppingAccess;
    const authorised = !restricted || isCroppingAuthorised(draft, cropping.croppingId);
    return (
      <Checkbox
        aria-label={t('permissions.cropping.cellLabel', {
          item: cropping.description,
          name: columnName(draft),
        })}
        checked={authorised}
        disabled={!editable || !restricted}
        onChange={(event) =>
          onCroppingsChange(draft.loaded.userId, [cropping.croppingId], event.currentTarget.checked)
        }
      />
    );
  };

  const groupingPicker = (
    <NativeSelect
      label={t('permissions.cropping.grouping')}
      maw={320}
      value={grouping}
      data={croppingGroupings.map((value) => ({
        value,
        label: t(`permissions.cropping.groupings.${value}`),
      }))}
      onChange={(event) => {
        const chosen = croppingGroupings.find((value) => value === event.currentTarget.value);
        if (chosen) onGroupingChange(chosen);
      }}
    />
  );

  if (members.length === 0) {
    return (
      <Stack>
        <UserFilter value={filter} onChange={onFilterChange} />
        <Text>{t('permissions.cropping.noRestrictedMembers')}</Text>
      </Stack>
    );
  }

  return (
    <Stack>
      <UserFilter value={filter} onChange={onFilterChange} />
      {groupingPicker}
      {columns.length === 0 && <Text c="dimmed">{t('permissions.noMatch')}</Text>}
      {columns.length > 0 && (
        <ScrollArea.Autosize type="auto" mah="calc(100vh - 22rem)" mih={240}>
          <Table aria-label={t('permissions.cropping.table')} withColumnBorders stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('permissions.cropping.cropping')}</Table.Th>
                {columns.map((draft) => (
                  <Table.Th key={draft.loaded.userId} miw={120} ta="center">
                    <Tooltip label={draft.loaded.email}>
                      <span>{columnName(draft)}</span>
                    </Tooltip>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('permissions.cropping.anyCropping')}</Table.Th>
                {columns.map((draft) => (
                  <Table.Td key={draft.loaded.userId}>
                    <Center>
                      <Checkbox
                        aria-label={t('permissions.cropping.cellLabel', {
                          item: t('permissions.cropping.anyCropping'),
                          name: columnName(draft),
                        })}
                        checked={!draft.restrictCroppingAccess}
                        disabled={!editable}
                        onChange={(event) =>
                          onAnyCroppingChange(draft.loaded.userId, event.currentTarget.checked)
                        }
                      />
                    </Center>
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
            {groups.map((group) => (
              <Table.Tbody key={group.key} aria-label={groupName(group)}>
                <Table.Tr bg="var(--mantine-color-gray-0)">
                  <Table.Th scope="rowgroup">
                    {t('permissions.cropping.groupHeading', {
                      group: groupName(group),
                      area: formatHectares(group.area),
                    })}
                  </Table.Th>
                  {columns.map((draft) => (
                    <Table.Td key={draft.loaded.userId}>
                      <Center>{groupCell(draft, group)}</Center>
                    </Table.Td>
                  ))}
                </Table.Tr>
                {group.croppings.map((cropping) => (
                  <Table.Tr key={cropping.croppingId}>
                    <Table.Th scope="row" fw="normal" pl="xl">
                      {cropping.description}
                    </Table.Th>
                    {columns.map((draft) => (
                      <Table.Td key={draft.loaded.userId}>
                        <Center>{croppingCell(draft, cropping)}</Center>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            ))}
          </Table>
        </ScrollArea.Autosize>
      )}
      {croppings.length === 0 && <Text c="dimmed">{t('permissions.cropping.noCroppings', { year })}</Text>}
    </Stack>
  );
}
