import { useState } from 'react';
import '../appStyles.ts';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, ScrollArea, Stack, Text, Title } from '@mantine/core';

export interface TermsStepProps {
  /** The terms' text from the session start, or null when the server sent none. */
  text: string | null;
  onAccept(): Promise<void>;
}

/** Terms and conditions: the accept button works only once the box is ticked. */
export function TermsStep({ text, onAccept }: TermsStepProps) {
  const { t } = useTranslation();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);

  const handleAccept = async () => {
    setBusy(true);
    try {
      await onAccept();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Title order={2}>{t('terms.title')}</Title>
      {text === null ? (
        <Alert color="red" role="alert">
          {t('terms.missing')}
        </Alert>
      ) : (
        <ScrollArea.Autosize
          mah={360}
          type="auto"
          // The viewport is what scrolls: it takes the focus, so that the text scrolls from the keyboard.
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('terms.title') }}
        >
          <Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text>
        </ScrollArea.Autosize>
      )}
      <Checkbox
        label={t('terms.agree')}
        checked={agreed}
        onChange={(event) => setAgreed(event.currentTarget.checked)}
        disabled={text === null}
      />
      <Button onClick={handleAccept} disabled={!agreed || text === null} loading={busy}>
        {t('terms.accept')}
      </Button>
    </Stack>
  );
}
