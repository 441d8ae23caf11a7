import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@mantine/core';
import { supportedLanguage, supportedLanguages } from '@headland/domain/languages';
import { chooseLanguage } from '../../i18n/languageChoice.ts';

/** The language picker of the sign-in screen: each language shown by its own name. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const current = supportedLanguage(i18n.language) ?? 'en';
  return (
    <NativeSelect
      label={t('login.language')}
      size="xs"
      w={180}
      value={current}
      onChange={(event) => void chooseLanguage(i18n, event.currentTarget.value, true)}
    >
      {supportedLanguages.map((language) => (
        <option key={language.code} value={language.code} lang={language.code}>
          {language.nativeName}
        </option>
      ))}
    </NativeSelect>
  );
}
