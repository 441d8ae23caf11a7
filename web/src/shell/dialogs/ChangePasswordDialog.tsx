import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { changePasswordRequestSchema } from '@headland/domain/api/sessionApi';
import { textLimits } from '../forms/schemaLimits.ts';
import { passwordChangeLogoutDelayMs } from '@headland/domain/limits';
import { newPasswordError } from '@headland/domain/passwordRule';
import { passwordMessageKeys } from '../forms/passwordMessages.ts';

export interface ChangePasswordDialogProps {
  opened: boolean;
  onClose(): void;
  /** Saves the new password; the server checks the current one. */
  onSave(password: string, currentPassword: string): Promise<unknown>;
  /** Called after the success message has shown for the logout delay. */
  onLogOut(): void;
}

/**
 * The current password, the new one and its confirmation; a saved password signs the user out after a short
 * notice. A forgotten password is reset by e-mail from the sign-in screen instead.
 */
export function ChangePasswordDialog({ opened, onClose, onSave, onLogOut }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  // An effect event, so that a parent re-rendering during the notice does not restart the countdown.
  const handleLogOut = useEffectEvent(() => onLogOut());
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(handleLogOut, passwordChangeLogoutDelayMs);
    return () => clearTimeout(timer);
  }, [sent]);

  // The spec's checks of the new password come first, in its order; then the current password.
  const error = newPasswordError(password, confirmation) ?? (currentPassword === '' ? 'current' : null);
  const errorText =
    error === null
      ? null
      : error === 'current'
        ? t('account.currentPasswordRequired')
        : t(passwordMessageKeys[error] ?? 'errors.generic');
  const shownError = attempted ? errorText : null;

  const handleClose = () => {
    if (sent) return;
    setCurrentPassword('');
    setPassword('');
    setConfirmation('');
    setAttempted(false);
    onClose();
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (error !== null || busy) return;
    setBusy(true);
    try {
      await onSave(password, currentPassword);
      setSent(true);
    } catch {
      // The error dialog says why; the form stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={t('password.title')}
      centered
      withCloseButton={!sent}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {sent ? (
        <Alert color="fieldGreen" role="status">
          {t('password.changed')}
        </Alert>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            <PasswordInput
              label={t('account.currentPassword')}
              autoComplete="current-password"
              maxLength={1024}
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': t('login.togglePasswordVisibility') }}
              data-autofocus
            />
            <PasswordInput
              label={t('password.new')}
              {...textLimits(changePasswordRequestSchema.shape.password)}
              autoComplete="new-password"
              maxLength={1024}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': t('login.togglePasswordVisibility') }}
            />
            <PasswordInput
              label={t('password.confirm')}
              {...textLimits(changePasswordRequestSchema.shape.password)}
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': t('login.togglePasswordVisibility') }}
            />
            {shownError && (
              <Alert color="red" role="alert">
                {shownError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={handleClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('password.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
