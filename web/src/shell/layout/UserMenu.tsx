import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, Badge, Box, Button, Group, Menu, Stack, Switch } from '@mantine/core';
import { useModuleUserMenus } from '../../modules/moduleRegistry.ts';
import { useDebugToggle } from './debugToggles.ts';

export interface UserMenuProps {
  /** The user's name as shown on the menu button. */
  userName: string;
  /** Admin or Master: the menu shows the admin flag (session-shell §6). */
  admin: boolean;
  /** The user's Debug property: the menu offers the debug toggles. */
  debug: boolean;
  onManageUser(): void;
  onChangePassword(): void;
  onLogOut(): void;
}

export function UserMenu({
  userName,
  admin,
  debug,
  onManageUser,
  onChangePassword,
  onLogOut,
}: UserMenuProps) {
  const { t } = useTranslation();
  const moduleMenus = useModuleUserMenus();
  const [showIds, setShowIds] = useDebugToggle('showIds', debug);
  const [autoRefresh, setAutoRefresh] = useDebugToggle('autoRefresh', debug);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          aria-label={t('accessibleNames.userMenuButton', { name: userName })}
          title={userName}
          px={{ base: 4, sm: 'md' }}
          maw={{ base: 44, sm: 220 }}
          styles={{ label: { overflow: 'hidden', minWidth: 0 } }}
        >
          {/* A long name is cut rather than pushing the holding out of the header. Narrow screens show the
              person icon rather than initials: letters shown but missing from the button's name would break
              WCAG 2.5.3 (label in name) for people who speak to their phone. */}
          <Box
            component="span"
            visibleFrom="sm"
            style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {userName}
          </Box>
          <Avatar component="span" size={30} hiddenFrom="sm" color="fieldGreen" />
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <span>{userName}</span>
            {admin && (
              <Badge size="sm" color="red" variant="light">
                {t('screens.user.admin')}
              </Badge>
            )}
          </Group>
        </Menu.Label>
        <Menu.Item onClick={onManageUser}>{t('user.manageUser')}</Menu.Item>
        <Menu.Item onClick={onChangePassword}>{t('user.changePassword')}</Menu.Item>
        {moduleMenus.map((menu) => (
          <Fragment key={menu.id}>{menu.item}</Fragment>
        ))}
        {debug && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('screens.user.debug')}</Menu.Label>
            {/* Switches rather than menu items: each keeps the menu open and says whether it is on. */}
            <Stack gap={6} px="sm" py={4}>
              <Switch
                size="xs"
                label={t('screens.user.showIds')}
                checked={showIds}
                onChange={(event) => setShowIds(event.currentTarget.checked)}
              />
              <Switch
                size="xs"
                label={t('screens.user.autoRefresh')}
                checked={autoRefresh}
                onChange={(event) => setAutoRefresh(event.currentTarget.checked)}
              />
            </Stack>
          </>
        )}
        <Menu.Divider />
        <Menu.Item onClick={onLogOut}>{t('user.logOut')}</Menu.Item>
      </Menu.Dropdown>
      {moduleMenus.map((menu) => (
        <Fragment key={menu.id}>{menu.dialog}</Fragment>
      ))}
    </Menu>
  );
}
