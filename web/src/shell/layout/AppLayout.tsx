import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppShell, Burger, Button, Center, Group, Loader, Modal, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { resolveRole } from '@headland/domain/roles';
import { useApiClient } from '../http/ApiClientContext.tsx';
import { ChangePasswordDialog } from '../dialogs/ChangePasswordDialog.tsx';
import { ManageUserDialog } from '../dialogs/ManageUserDialog.tsx';
import { HoldingYearPicker } from '../login/HoldingYearPicker.tsx';
import { AppRoutes } from '../AppRoutes.tsx';
import { useAppSession } from '../session/AppSessionContext.tsx';
import { useRouteDataPrefetch } from '../useRouteDataPrefetch.ts';
import { LiveProvider, useLive } from '../live/LiveContext.tsx';
import { NotificationsButton } from '../live/NotificationsPopup.tsx';
import { changePassword, updateUser } from '../session/sessionRequests.ts';
import { LowResolutionBanner } from './LowResolutionBanner.tsx';
import { MainMenu } from './MainMenu.tsx';
import { UserMenu } from './UserMenu.tsx';
import { YearSwitcher } from './YearSwitcher.tsx';

type OpenDialog = 'holding' | 'user' | 'password' | null;

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
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const userName = `${user.FirstName} ${user.LastName}`.trim() || user.Email;
  const closeDialog = () => setDialog(null);
  const live = useLive();
  useRouteDataPrefetch();

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
            <Title order={1} size="h4" c="fieldGreen.8">
              {brand.name}
            </Title>
            <Text fw={500} truncate aria-label={t('header.currentHolding')}>
              {t('header.holdingAndYear', { holding: holding.TradingName, year: yearId })}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => setDialog('holding')}>
              {t('header.changeHolding')}
            </Button>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationsButton />
            <YearSwitcher
              years={holding.CropYears}
              current={yearId}
              canOpenNewYear={!session.readOnly && session.permissions.holdings.write}
              onChange={(year) => void actions.changeYear(year)}
              onOpenNewYear={() => void actions.openNewYear()}
            />
            <UserMenu
              userName={userName}
              onManageUser={() => setDialog('user')}
              onChangePassword={() => setDialog('password')}
              onLogOut={() => void actions.logOut()}
            />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('menu.label')} p="xs">
        <MainMenu
          permissions={session.permissions}
          features={brand.features}
          modules={brand.modules}
          role={resolveRole(session.selection.Role)}
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
        onSave={async (changes) => actions.replaceUser(await updateUser(api, changes))}
      />
      <ChangePasswordDialog
        opened={dialog === 'password'}
        onClose={closeDialog}
        onSave={(password) => changePassword(api, password)}
        onLogOut={() => void actions.logOut()}
      />
    </AppShell>
  );
}
