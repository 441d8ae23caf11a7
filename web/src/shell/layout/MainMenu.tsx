import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Badge, Box, NavLink, ScrollArea, VisuallyHidden } from '@mantine/core';
import type { SelectHoldingResponse } from '@headland/domain/api/sessionApi';
import type { BrandFeatures, ModuleSwitches } from '@headland/domain/brands';
import { isListedSessionType, type SessionType } from '@headland/domain/enumerations';
import { buildMenu, menuItemForPath, type MenuItem } from '@headland/domain/menu';
import type { Permissions } from '@headland/domain/permissions';
import type { Role } from '@headland/domain/roles';
import { useWindowSize } from './useWindowSize.ts';

/** Room kept at the end of an entry for the users tag drawn over it. */
const usersTagWidth = 24;

export interface MainMenuProps {
  permissions: Permissions;
  features: BrandFeatures;
  modules: ModuleSwitches;
  role: Role;
  /** A partner's user, who sees only the entries partners may open. */
  partner?: boolean;
  /** The holding's active sessions, for the count of other users in each module. */
  sessions: SelectHoldingResponse['Sessions'];
  /** While true, entries cannot be selected. */
  disabled?: boolean;
  /** Called after an entry is chosen (closes the menu on small screens). */
  onNavigate?(): void;
}

function sessionModuleId(clientState: unknown): number | undefined {
  if (typeof clientState !== 'object' || clientState === null) return undefined;
  const moduleId = (clientState as { moduleId?: unknown }).moduleId;
  return typeof moduleId === 'number' ? moduleId : undefined;
}

/** How many other listed sessions are working in each module. */
function otherUsersByModule(sessions: SelectHoldingResponse['Sessions']): Map<number, number> {
  const counts = new Map<number, number>();
  for (const session of sessions) {
    if (session.CurrentSession || !isListedSessionType(session.SessionType as SessionType)) continue;
    const moduleId = sessionModuleId(session.ClientState);
    if (moduleId !== undefined) counts.set(moduleId, (counts.get(moduleId) ?? 0) + 1);
  }
  return counts;
}

/**
 * The main menu: the entries this user may see, flat on tall windows and grouped below the collapse height.
 * The entry whose route the current path starts with is the active one.
 */
export function MainMenu({
  permissions,
  features,
  modules,
  role,
  partner = false,
  sessions,
  disabled = false,
  onNavigate,
}: MainMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { height } = useWindowSize();
  const menu = buildMenu({ permissions, features, modules, role, partner, windowHeight: height });
  const activeId = menuItemForPath(pathname)?.id;
  const others = otherUsersByModule(sessions);

  const renderItem = (item: MenuItem) => {
    const count = item.moduleId === null ? 0 : (others.get(item.moduleId) ?? 0);
    const active = item.id === activeId;
    const tagId = `main-menu-users-${item.id}`;
    // The entry is named by its visible label alone, so that its name does not change as other users come
    // and go. The users tag is drawn beside the link rather than inside it: a count inside would be visible
    // text missing from the name (WCAG 2.5.3); it is read as the link's description instead.
    return (
      <Box key={item.id} pos="relative">
        <NavLink
          component={Link}
          to={item.route}
          label={t(item.labelKey)}
          aria-describedby={count > 0 ? tagId : undefined}
          active={active}
          aria-current={active ? 'page' : undefined}
          disabled={disabled}
          onClick={onNavigate}
          rightSection={count > 0 ? <Box w={usersTagWidth} /> : null}
        />
        {count > 0 ? (
          <>
            <Badge
              aria-hidden
              size="sm"
              variant="light"
              pos="absolute"
              right={12}
              top="50%"
              miw={usersTagWidth}
              style={{ transform: 'translateY(-50%)', pointerEvents: 'none' }}
            >
              {count}
            </Badge>
            <VisuallyHidden id={tagId}>{t('menu.otherUsers', { count })}</VisuallyHidden>
          </>
        ) : null}
      </Box>
    );
  };

  return (
    <ScrollArea h="100%">
      {menu.entries.map((entry) =>
        entry.kind === 'item' ? (
          renderItem(entry.item)
        ) : (
          <NavLink
            key={entry.group.id}
            component="button"
            type="button"
            label={t(entry.group.labelKey)}
            defaultOpened={entry.items.some((item) => item.id === activeId)}
            disabled={disabled}
            childrenOffset="md"
          >
            {entry.items.map(renderItem)}
          </NavLink>
        ),
      )}
    </ScrollArea>
  );
}
