import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, NativeSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { emailMaxLength, userNameMaxLength, type User } from '@headland/domain/api/sessionApi';
import { supportedLanguage, supportedLanguages } from '@headland/domain/languages';
import { isEmail } from '@headland/domain/passwordRule';
import type { UserChanges } from '../session/sessionRequests.ts';

export interface ManageUserDialogProps {
  opened: boolean;
  user: User;
  onClose(): void;
  /** Saves the changes; answers the new address waiting for its confirmation link, or null. */
  onSave(changes: UserChanges): Promise<string | null>;
}

/** Whether the form asks for a new e-mail address (the same one in another case is not new). */
function isNewEmail(typed: string, current: string): boolean {
  return typed.trim().toLowerCase() !== current.trim().toLowerCase();
}

/**
 * The signed-in user's own name and e-mail address. A new address needs the current password and takes effect
 * only once it confirms the link sent to it; the dialog then says so.
 */
export function ManageUserDialog({ opened, user, onClose, onSave }: ManageUserDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('user.manageUser')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* The modal mounts its content only while open, so each opening starts from the saved user. */}
      <ManageUserForm user={user} onClose={onClose} onSave={onSave} />
    </Modal>
  );
}

function ManageUserForm({ user, onClose, onSave }: Omit<ManageUserDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const [firstName, setFirstName] = useState(user.FirstName);
  const [lastName, setLastName] = useState(user.LastName);
  const [email, setEmail] = useState(user.Email);
  // '' stands for no language chosen: the screens then follow the browser.
  const [language, setLanguage] = useState<string>(user.Language ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  const emailChanges = isNewEmail(email, user.Email);
  const emailError = isEmail(email) ? null : t('user.emailInvalid');
  const passwordError = emailChanges && currentPassword === '' ? t('account.currentPasswordRequired') : null;
  const firstNameError = firstName.trim() ? null : t('screens.user.nameRequired');
  const lastNameError = lastName.trim() ? null : t('screens.user.nameRequired');

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (emailError || passwordError || firstNameError || lastNameError || busy) return;
    setBusy(true);
    try {
      const pending = await onSave({
        Id: user.Id,
        FirstName: firstName.trim(),
        LastName: lastName.trim(),
        Email: email.trim(),
        Language: supportedLanguage(language) ?? null,
        ...(emailChanges ? { CurrentPassword: currentPassword } : {}),
      });
      if (pending === null) onClose();
      else setPendingEmail(pending);
    } catch {
      // The error dialog says why; the form stays open with the user's input.
    } finally {
      setBusy(false);
    }
  };

  if (pendingEmail !== null) {
    return (
      <Stack>
        <Alert color="fieldGreen" role="status" title={t('account.emailConfirmTitle')}>
          {t('account.emailChangeSent', { email: pendingEmail, current: user.Email })}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <TextInput
          label={t('user.firstName')}
          autoComplete="given-name"
          aria-required
          maxLength={userNameMaxLength}
          error={attempted ? firstNameError : null}
          value={firstName}
          onChange={(event) => setFirstName(event.currentTarget.value)}
        />
        <TextInput
          label={t('user.lastName')}
          autoComplete="family-name"
          aria-required
          maxLength={userNameMaxLength}
          error={attempted ? lastNameError : null}
          value={lastName}
          onChange={(event) => setLastName(event.currentTarget.value)}
        />
        <TextInput
          label={t('user.email')}
          type="email"
          autoComplete="email"
          aria-required
          maxLength={emailMaxLength}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={attempted ? emailError : null}
        />
        <NativeSelect
          label={t('account.language')}
          description={t('account.languageHint')}
          value={language}
          onChange={(event) => setLanguage(event.currentTarget.value)}
          data={[
            { value: '', label: t('account.languageNotChosen') },
            ...supportedLanguages.map((option) => ({ value: option.code, label: option.nativeName })),
          ]}
        />
        {emailChanges && (
          <PasswordInput
            label={t('account.currentPassword')}
            description={t('account.currentPasswordForEmail')}
            autoComplete="current-password"
            maxLength={1024}
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
            error={attempted ? passwordError : null}
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePasswordVisibility') }}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
