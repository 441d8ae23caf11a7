import { PasswordInput, Text } from '@mantine/core';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { textLimits } from '../forms/schemaLimits.ts';

interface NewPasswordFieldsProps {
  /** The schema of the password the form sends: its bounds become the inputs' limits. */
  schema: z.ZodType;
  password: string;
  confirmation: string;
  passwordError?: string;
  confirmationError?: string;
  disabled?: boolean;
  onChange(change: { password?: string; confirmation?: string }): void;
}

/** The password rule, a new password and its confirmation, as every sign-up screen asks for them. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const toggle = { 'aria-label': t('signup.togglePasswordVisibility') };
  return (
    <>
      <Text size="sm">{t('signup.passwordRule')}</Text>
      <PasswordInput
        label={t('signup.password')}
        required
        autoComplete="new-password"
        {...textLimits(props.schema)}
        value={props.password}
        error={props.passwordError}
        disabled={props.disabled}
        onChange={(event) => props.onChange({ password: event.currentTarget.value })}
        visibilityToggleButtonProps={toggle}
      />
      <PasswordInput
        label={t('signup.confirmation')}
        required
        autoComplete="new-password"
        {...textLimits(props.schema)}
        value={props.confirmation}
        error={props.confirmationError}
        disabled={props.disabled}
        onChange={(event) => props.onChange({ confirmation: event.currentTarget.value })}
        visibilityToggleButtonProps={toggle}
      />
    </>
  );
}
