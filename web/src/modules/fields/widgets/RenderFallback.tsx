import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function ErrorText() {
  const { t } = useTranslation();
  return (
    <Group gap={6} role="alert" c="red">
      <svg
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M12 3 2 21h20L12 3z" />
        <path d="M12 10v5M12 18v.5" />
      </svg>
      <Text span>{t('fields.fallback.error')}</Text>
    </Group>
  );
}

interface RenderFallbackState {
  failed: boolean;
}

/**
 * Shows the word 'Error' with a warning icon in place of a part that failed to render
 * (fields-croppings-maps §2), so that one broken panel does not blank the whole screen.
 */
export class RenderFallback extends Component<{ children: ReactNode }, RenderFallbackState> {
  override state: RenderFallbackState = { failed: false };

  static getDerivedStateFromError(): RenderFallbackState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A fields screen part failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorText /> : this.props.children;
  }
}
