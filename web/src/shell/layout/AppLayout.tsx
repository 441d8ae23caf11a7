import { Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AppShell,
  Burger,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { latestOpenableCropYear } from '@headland/domain/harvestYear';
import { isoDateFromLocalDate } from '@headland/domain/isoDate';
import { isAdminOrHigher, resolveRole } from '@headland/domain/roles';
import { useApiClient } from '../http/ApiClientContext.tsx';
import { ChangePasswordDialog } from '../dialogs/ChangePasswordDialog.tsx';
import { ManageUserDialog } from '../dialogs/ManageUserDialog.tsx';
import { HoldingYearPicker } from '../login/HoldingYearPicker.tsx';
import { AppRoutes } from '../AppRoutes.tsx';
import { useAppSession } from '../session/AppSessionContext.tsx';
import { useRouteDataPrefetch } from '../useRouteDataPrefetch.ts';
import { LiveProvider, useLive } from '../live/LiveContext.tsx';
import { NotificationsButton } from '../live/NotificationsPopup.tsx';
import { HelpButton } from '../help/HelpButton.tsx';
import { changePassword, updateUser } from '../session/sessionRequests.ts';
import { LowResolutionBanner } from './LowResolutionBanner.tsx';
import { OfflineNotice } from '../offline/OfflineNotice.tsx';
import { MainMenu } from './MainMenu.tsx';
import { useDebugToggle } from './debugToggles.ts';
import { UserMenu } from './UserMenu.tsx';
import { YearSwitcher } from './YearSwitcher.tsx';

type OpenDialog = 'holding' | 'user' | 'password' | null;

/** How often the debug toggle 'Auto refresh' asks the open screen's data again. */
const autoRefreshMs = 60_000;

/** Asks every shown answer again every minute while the debug toggle 'Auto refresh' is on. */
function useAutoRefresh(on: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!on) return;
    const timer = window.setInterval(
      () => void queryClient.invalidateQueries({ refetchType: 'active' }),
      autoRefreshMs,
    );
    return () => window.clearInterval(timer);
  }, [on, queryClient]);
}

/** The app around the module screens, with the live side of the holding (heartbeat, socket, notifications). */
export function AppLayout() {
  return (
    <LiveProvider>
      <AppFrame />
    </LiveProvider>
  );
}

/** Header, main menu and the user's dialogs. */
function AppFrame() {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useAppSession();
  const { user, holding, yearId, actions, brand } = session;
  const [menuOpened, menu] = useDisclosure(false);
  const theme = useMantineTheme();
  // Below the navbar's breakpoint a closed menu is only slid out of view: inert keeps its links out of the tab
  // order and away from screen readers until the burger opens it.
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });
  const menuHidden = !wide && !menuOpened;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const userName = `${user.FirstName} ${user.LastName}`.trim() || user.Email;
  const closeDialog = () => setDialog(null);
  const live = useLive();
  useRouteDataPrefetch();
  const debug = user.Properties.Debug === true;
  const [showIds] = useDebugToggle('showIds', debug);
  const [autoRefresh] = useDebugToggle('autoRefresh', debug);
  useAutoRefresh(autoRefresh);
  const role = resolveRole(session.selection.Role);
  // 'Open a new crop year' opens the year after the latest: offered only while the server would accept it.
  const nextYear = Math.max(yearId, ...holding.CropYears) + 1;
  const canOpenNewYear =
    !session.readOnly &&
    session.permissions.holdings.write &&
    nextYear <= latestOpenableCropYear(isoDateFromLocalDate(new Date()));

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('header.toggleMenu')}
            />
            <Title order={1} size="h4" c="fieldGreen.8" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              {brand.name}
            </Title>
            <Text
              fw={500}
              truncate
              miw={0}
              aria-label={t('header.currentHolding')}
              title={t('header.holdingAndYear', { holding: holding.TradingName, year: yearId })}
            >
              {t('header.holdingAndYear', { holding: holding.TradingName, year: yearId })}
              {showIds && ` (${t('screens.user.idLabel', { id: holding.HoldingId })})`}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setDialog('holding')}
              style={{ flexShrink: 0 }}
              visibleFrom="sm"
            >
              {t('header.changeHolding')}
            </Button>
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <OfflineNotice />
            <HelpButton />
            <NotificationsButton />
            <YearSwitcher
              years={holding.CropYears}
              current={yearId}
              canOpenNewYear={canOpenNewYear}
              onChange={(year) => void actions.changeYear(year)}
              onOpenNewYear={() => void actions.openNewYear()}
            />
            <UserMenu
              userName={userName}
              admin={isAdminOrHigher(role)}
              debug={debug}
              onManageUser={() => setDialog('user')}
              onChangePassword={() => setDialog('password')}
              onLogOut={() => void actions.logOut()}
            />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('menu.label')} p="xs" inert={menuHidden}>
        {/* On a phone the header has no room for it: it opens from the menu. */}
        <Button
          variant="light"
          size="compact-sm"
          mb="xs"
          hiddenFrom="sm"
          onClick={() => {
            menu.close();
            setDialog('holding');
          }}
        >
          {t('header.changeHolding')}
        </Button>
        <MainMenu
          permissions={session.permissions}
          features={brand.features}
          modules={brand.modules}
          role={role}
          partner={session.selection.AccessRestrictions.Partner}
          sessions={live?.state.sessions ?? session.selection.Sessions}
          onNavigate={menu.close}
        />
      </AppShell.Navbar>
      <AppShell.Main>
        <LowResolutionBanner />
        <Suspense
          fallback={
            <Center p="xl">
              <Loader aria-label={t('common.loading')} />
            </Center>
          }
        >
          <AppRoutes />
        </Suspense>
      </AppShell.Main>

      <Modal
        opened={dialog === 'holding'}
        onClose={closeDialog}
        title={t('holdingStep.title')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <HoldingYearPicker
          holdings={session.start.Holdings}
          initialHolding={holding}
          initialYear={yearId}
          onContinue={async (chosen, year) => {
            if (await actions.chooseHolding(chosen, year)) closeDialog();
          }}
        />
      </Modal>
      <ManageUserDialog
        opened={dialog === 'user'}
        user={user}
        onClose={closeDialog}
        onSave={async (changes) => {
          const { PendingEmail, ...saved } = await updateUser(api, changes);
          actions.replaceUser(saved);
          return PendingEmail;
        }}
      />
      <ChangePasswordDialog
        opened={dialog === 'password'}
        onClose={closeDialog}
        onSave={(password, currentPassword) => changePassword(api, password, currentPassword)}
        onLogOut={() => void actions.logOut()}
      />
    </AppShell>
  );
}
