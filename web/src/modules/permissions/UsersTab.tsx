import { ActionIcon, Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HoldingRole, holdingRoleSchema } from '@headland/domain/roles';
import {
  canRemove,
  filterDrafts,
  isUpdated,
  roleControl,
  type UserDraft,
  type Viewer,
} from './permissionsDraft.ts';
import { GridSpacerRow } from './GridSpacer.tsx';
import { useGridWindow, type GridAxis } from './useGridWindow.ts';
import { UserFilter } from './UserFilter.tsx';
import './permissionsGrid.css';

export interface UsersTabProps {
  drafts: readonly UserDraft[];
  viewer: Viewer;
  /** A read-only session changes nothing. */
  readOnly: boolean;
  filter: string;
  onFilterChange(value: string): void;
  onRoleChange(userId: number, role: HoldingRole): void;
  onToggleRemove(userId: number): void;
}

/** Pixel sizes: every row is one line high (long names and addresses are cut short), and two fixed columns. */
const rowHeight = 46;
const roleWidth = 220;
const actionWidth = 64;

function TrashIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}

/**
 * The Users tab: name, e-mail and role of every user, with the role drop-down and the remove button. A holding
 * may have hundreds of users: only the rows in view are drawn (with some either side), and the role drop-down
 * is a plain one.
 */
export function UsersTab({
  drafts,
  viewer,
  readOnly,
  filter,
  onFilterChange,
  onRoleChange,
  onToggleRemove,
}: UsersTabProps) {
  const { t } = useTranslation();
  const listed = filterDrafts(drafts, filter);
  const roleName = (role: HoldingRole) => t(`permissions.roles.${role}`);
  const rowAxis: GridAxis = {
    count: listed.length,
    size: rowHeight,
    offset: rowHeight,
    overscan: 10,
    initial: 30,
  };
  const { bindViewport, rows } = useGridWindow({ rows: rowAxis });
  const first = rows.start;
  const last = Math.min(listed.length, rows.end);
  const shown = listed.slice(first, last);

  return (
    <Stack>
      <UserFilter value={filter} onChange={onFilterChange} />
      <div className="hl-list-viewport" ref={bindViewport}>
        <Table
          className="hl-grid"
          aria-label={t('permissions.users.table')}
          aria-rowcount={listed.length + 1}
          layout="fixed"
          highlightOnHover
          stickyHeader
        >
          <Table.Thead>
            <Table.Tr aria-rowindex={1}>
              <Table.Th>{t('permissions.users.name')}</Table.Th>
              <Table.Th>{t('permissions.users.email')}</Table.Th>
              <Table.Th w={roleWidth}>{t('permissions.users.role')}</Table.Th>
              <Table.Th w={actionWidth}>
                <VisuallyHidden>{t('permissions.users.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <GridSpacerRow height={first * rowHeight} span={4} />
          <Table.Tbody>
            {shown.map((draft, index) => {
              const { loaded } = draft;
              const control = roleControl(draft, viewer);
              const removable = !readOnly && canRemove(draft, viewer);
              return (
                <Table.Tr
                  key={loaded.userId}
                  aria-label={loaded.displayName}
                  h={rowHeight}
                  aria-rowindex={first + index + 2}
                >
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text
                        size="sm"
                        truncate
                        td={draft.deleted ? 'line-through' : undefined}
                        c={draft.deleted ? 'dimmed' : undefined}
                      >
                        {loaded.displayName}
                      </Text>
                      {draft.deleted && (
                        <Badge color="red" variant="light" size="sm">
                          {t('permissions.users.removed')}
                        </Badge>
                      )}
                      {!draft.deleted && isUpdated(draft) && (
                        <Badge variant="light" size="sm">
                          {t('permissions.users.changed')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td className="hl-grid-truncate">{loaded.email}</Table.Td>
                  <Table.Td>
                    <select
                      className="hl-grid-select"
                      aria-label={t('permissions.users.roleOf', { name: loaded.displayName })}
                      value={String(draft.holdingRole)}
                      disabled={control.disabled || readOnly}
                      onChange={(event) =>
                        onRoleChange(
                          loaded.userId,
                          holdingRoleSchema.parse(Number(event.currentTarget.value)),
                        )
                      }
                    >
                      {control.options.map((role) => (
                        <option key={role} value={String(role)}>
                          {roleName(role)}
                        </option>
                      ))}
                    </select>
                  </Table.Td>
                  <Table.Td>
                    {removable && (
                      <ActionIcon
                        variant={draft.deleted ? 'filled' : 'subtle'}
                        color="red"
                        aria-label={t('permissions.users.remove', { name: loaded.displayName })}
                        aria-pressed={draft.deleted}
                        title={
                          draft.deleted
                            ? t('permissions.users.undoRemove')
                            : t('permissions.users.removeHint')
                        }
                        onClick={() => onToggleRemove(loaded.userId)}
                      >
                        <TrashIcon />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <GridSpacerRow height={(listed.length - last) * rowHeight} span={4} />
        </Table>
      </div>
      {listed.length === 0 && <Text c="dimmed">{t('permissions.noMatch')}</Text>}
    </Stack>
  );
}
