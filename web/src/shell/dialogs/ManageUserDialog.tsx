import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { emailMaxLength, userNameMaxLength, type User } from '@headland/domain/api/sessionApi';
import { isEmail } from '@headland/domain/passwordRule';

export interface ManageUserDialogProps {
  opened: boolean;
  user: User;
  onClose(): void;
  onSave(user: Pick<User, 'Id' | 'FirstName' | 'LastName' | 'Email'>): Promise<unknown>;
}

/** The signed-in user's own name and e-mail address. */
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
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);

  const emailError = isEmail(email) ? null : t('user.emailInvalid');
  const firstNameError = firstName.trim() ? null : t('screens.user.nameRequired');
  const lastNameError = lastName.trim() ? null : t('screens.user.nameRequired');

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (emailError || firstNameError || lastNameError || busy) return;
    setBusy(true);
    try {
      await onSave({
        Id: user.Id,
        FirstName: firstName.trim(),
        LastName: lastName.trim(),
        Email: email.trim(),
      });
      onClose();
    } catch {
      // The error dialog says why; the form stays open with the user's input.
    } finally {
      setBusy(false);
    }
  };

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
