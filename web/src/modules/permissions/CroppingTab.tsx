import { useMemo, useState, type ReactNode } from 'react';
import { NativeSelect, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HoldingRole } from '@headland/domain/roles';
import type { VisibleCroppingEntry } from '@headland/domain/visibleCroppings';
import {
  croppingGroupings,
  groupCheck,
  groupCroppings,
  type CroppingGroup,
  type CroppingGrouping,
} from './croppingGroups.ts';
import { GridCheckbox } from './GridCheckbox.tsx';
import { GridSpacer, GridSpacerRow } from './GridSpacer.tsx';
import { columnName, filterDrafts, isCroppingAuthorised, type UserDraft } from './permissionsDraft.ts';
import { useGridWindow, type GridAxis } from './useGridWindow.ts';
import { UserFilter } from './UserFilter.tsx';
import './permissionsGrid.css';
import { formatArea } from '../../i18n/numberFormat.ts';

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

/** One line of the grid below 'Access any cropping': a group's heading or one of its croppings. */
type CroppingLine =
  | { kind: 'group'; group: CroppingGroup }
  | { kind: 'cropping'; group: CroppingGroup; cropping: VisibleCroppingEntry };

/** Pixel sizes: the heading column, each member column, and each line (one line of text, no wrapping). */
/** The croppings column is at least this wide, and takes what the members leave of the dialog up to the most. */
const minHeadingWidth = 360;
const maxHeadingWidth = 720;
const memberWidth = 140;
const lineHeight = 38;

/** A column per restricted member that stays on the holding. */
export function croppingColumns(drafts: readonly UserDraft[]): UserDraft[] {
  return drafts.filter((draft) => !draft.deleted && draft.holdingRole === HoldingRole.RestrictedMember);
}

/**
 * The Cropping tab: restricted members against the year's croppings. 'Access any cropping' first; then the
 * croppings in groups, each group with its total area and a tri-state checkbox. Only the lines and member
 * columns in view are drawn (with some either side), so that thousands of croppings open at once.
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
  const { t, i18n } = useTranslation();
  const members = croppingColumns(drafts);
  const columns = filterDrafts(members, filter);
  const groups = useMemo(() => groupCroppings(croppings, grouping), [croppings, grouping]);
  const lines = useMemo(
    () =>
      groups.flatMap((group): CroppingLine[] => [
        { kind: 'group', group },
        ...group.croppings.map((cropping) => ({ kind: 'cropping' as const, group, cropping })),
      ]),
    [groups],
  );
  // The descriptions ('Winter wheat, Top Field, 12.00 ha') are cut only when the members need the room.
  const [headingWidth, setHeadingWidth] = useState(minHeadingWidth);
  const across: GridAxis = {
    count: columns.length,
    size: memberWidth,
    offset: headingWidth,
    overscan: 2,
    initial: 10,
  };
  // The header and 'Access any cropping' come before the first line.
  const down: GridAxis = {
    count: lines.length,
    size: lineHeight,
    offset: 2 * lineHeight,
    overscan: 10,
    initial: 40,
  };
  const {
    bindViewport,
    columns: span,
    rows: lineSpan,
    viewportWidth,
  } = useGridWindow({ columns: across, rows: down });
  const roomyWidth = Math.min(
    maxHeadingWidth,
    Math.max(minHeadingWidth, viewportWidth - columns.length * memberWidth - 2),
  );
  if (viewportWidth > 0 && roomyWidth !== headingWidth) setHeadingWidth(roomyWidth);
  const shown = columns.slice(span.start, span.end);
  const before = span.start * memberWidth;
  const after = (columns.length - span.end) * memberWidth;
  const firstLine = lineSpan.start;
  const lastLine = Math.min(lines.length, lineSpan.end);
  const cellsPerRow = 1 + shown.length + (before > 0 ? 1 : 0) + (after > 0 ? 1 : 0);
  const colIndex = (index: number) => span.start + index + 2;

  const groupName = (group: CroppingGroup) =>
    group.value ??
    t(grouping === 'all' ? 'permissions.cropping.allCrops' : `permissions.cropping.none.${grouping}`);

  const groupCell = (draft: UserDraft, group: CroppingGroup) => {
    const ids = group.croppings.map((cropping) => cropping.croppingId);
    const restricted = draft.restrictCroppingAccess;
    // With access to any cropping every cropping is open to the user, whatever was ticked before.
    const state = restricted ? groupCheck(ids.map((id) => isCroppingAuthorised(draft, id))) : 'checked';
    return (
      <GridCheckbox
        label={t('permissions.cropping.cellLabel', { item: groupName(group), name: columnName(draft) })}
        checked={state === 'checked'}
        mixed={state === 'mixed'}
        disabled={!editable || !restricted}
        onChange={() => onCroppingsChange(draft.loaded.userId, ids, state !== 'checked')}
      />
    );
  };

  const croppingCell = (draft: UserDraft, cropping: VisibleCroppingEntry) => {
    const restricted = draft.restrictCroppingAccess;
    const authorised = !restricted || isCroppingAuthorised(draft, cropping.croppingId);
    return (
      <GridCheckbox
        label={t('permissions.cropping.cellLabel', { item: cropping.description, name: columnName(draft) })}
        checked={authorised}
        disabled={!editable || !restricted}
        onChange={(checked) => onCroppingsChange(draft.loaded.userId, [cropping.croppingId], checked)}
      />
    );
  };

  const lineRow = (line: CroppingLine, index: number) => {
    // aria-rowindex counts the header and 'Access any cropping' rows.
    const rowIndex = index + 3;
    if (line.kind === 'group') {
      const { group } = line;
      return (
        <Table.Tr key={group.key} className="hl-grid-group" h={lineHeight} aria-rowindex={rowIndex}>
          <Table.Th className="hl-grid-heading" scope="rowgroup" aria-colindex={1}>
            {t('permissions.cropping.groupHeading', {
              group: groupName(group),
              area: formatArea(group.area, i18n.language),
            })}
          </Table.Th>
          <GridSpacer width={before} />
          {shown.map((draft, column) => (
            <Table.Td key={draft.loaded.userId} className="hl-grid-centred" aria-colindex={colIndex(column)}>
              {groupCell(draft, group)}
            </Table.Td>
          ))}
          <GridSpacer width={after} />
        </Table.Tr>
      );
    }
    const { cropping } = line;
    return (
      <Table.Tr key={cropping.croppingId} h={lineHeight} aria-rowindex={rowIndex}>
        <Table.Th
          className="hl-grid-heading"
          scope="row"
          fw="normal"
          pl="xl"
          title={cropping.description}
          aria-colindex={1}
        >
          {cropping.description}
        </Table.Th>
        <GridSpacer width={before} />
        {shown.map((draft, column) => (
          <Table.Td key={draft.loaded.userId} className="hl-grid-centred" aria-colindex={colIndex(column)}>
            {croppingCell(draft, cropping)}
          </Table.Td>
        ))}
        <GridSpacer width={after} />
      </Table.Tr>
    );
  };

  /** The lines in view, in one row group per crop group so that each group keeps its name. */
  const visibleGroups = () => {
    const bodies: { group: CroppingGroup; rows: ReactNode[] }[] = [];
    for (let index = firstLine; index < lastLine; index++) {
      const line = lines[index]!;
      const body = bodies.at(-1);
      const row = lineRow(line, index);
      if (body && body.group === line.group) body.rows.push(row);
      else bodies.push({ group: line.group, rows: [row] });
    }
    return bodies.map(({ group, rows }) => (
      <Table.Tbody key={group.key} aria-label={groupName(group)}>
        {rows}
      </Table.Tbody>
    ));
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
        <div className="hl-grid-viewport" ref={bindViewport}>
          <Table
            className="hl-grid"
            aria-label={t('permissions.cropping.table')}
            aria-colcount={columns.length + 1}
            aria-rowcount={lines.length + 2}
            layout="fixed"
            w={headingWidth + columns.length * memberWidth}
            withColumnBorders
            stickyHeader
          >
            <Table.Thead>
              <Table.Tr aria-rowindex={1}>
                <Table.Th className="hl-grid-heading" w={headingWidth} aria-colindex={1}>
                  {t('permissions.cropping.cropping')}
                </Table.Th>
                <GridSpacer width={before} />
                {shown.map((draft, column) => (
                  <Table.Th
                    key={draft.loaded.userId}
                    className="hl-grid-truncate hl-grid-centred"
                    w={memberWidth}
                    aria-colindex={colIndex(column)}
                  >
                    <Tooltip label={draft.loaded.email}>
                      <span>{columnName(draft)}</span>
                    </Tooltip>
                  </Table.Th>
                ))}
                <GridSpacer width={after} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr h={lineHeight} aria-rowindex={2}>
                <Table.Th className="hl-grid-heading" scope="row" aria-colindex={1}>
                  {t('permissions.cropping.anyCropping')}
                </Table.Th>
                <GridSpacer width={before} />
                {shown.map((draft, column) => (
                  <Table.Td
                    key={draft.loaded.userId}
                    className="hl-grid-centred"
                    aria-colindex={colIndex(column)}
                  >
                    <GridCheckbox
                      label={t('permissions.cropping.cellLabel', {
                        item: t('permissions.cropping.anyCropping'),
                        name: columnName(draft),
                      })}
                      checked={!draft.restrictCroppingAccess}
                      disabled={!editable}
                      onChange={(checked) => onAnyCroppingChange(draft.loaded.userId, checked)}
                    />
                  </Table.Td>
                ))}
                <GridSpacer width={after} />
              </Table.Tr>
            </Table.Tbody>
            <GridSpacerRow height={firstLine * lineHeight} span={cellsPerRow} />
            {visibleGroups()}
            <GridSpacerRow height={(lines.length - lastLine) * lineHeight} span={cellsPerRow} />
          </Table>
        </div>
      )}
      {croppings.length === 0 && <Text c="dimmed">{t('permissions.cropping.noCroppings', { year })}</Text>}
    </Stack>
  );
}
