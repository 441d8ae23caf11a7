import { useTranslation } from 'react-i18next';
import { Button, Menu } from '@mantine/core';
import { useManageHoldingsMenu } from '../../modules/holdings/useManageHoldingsMenu.tsx';
import { useEditPermissionsMenu } from '../../modules/permissions/useEditPermissionsMenu.tsx';
import { useDocumentsMenu } from '../../modules/documents/useDocumentsMenu.tsx';

export interface UserMenuProps {
  /** The user's name as shown on the menu button. */
  userName: string;
  onManageUser(): void;
  onChangePassword(): void;
  onLogOut(): void;
}

export function UserMenu({ userName, onManageUser, onChangePassword, onLogOut }: UserMenuProps) {
  const { t } = useTranslation();
  const manageHoldings = useManageHoldingsMenu();
  const editPermissions = useEditPermissionsMenu();
  const documents = useDocumentsMenu();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" aria-label={t('header.userMenu')} title={userName}>
          {userName}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onManageUser}>{t('user.manageUser')}</Menu.Item>
        <Menu.Item onClick={onChangePassword}>{t('user.changePassword')}</Menu.Item>
        {editPermissions.item}
        {manageHoldings.item}
        {documents.item}
        <Menu.Divider />
        <Menu.Item onClick={onLogOut}>{t('user.logOut')}</Menu.Item>
      </Menu.Dropdown>
      {manageHoldings.dialog}
      {editPermissions.dialog}
      {documents.dialog}
    </Menu>
  );
}
