import { Alert, Button, Group, Loader, Text } from '@mantine/core';

/** A list still on its way: a spinner with the words of the wait (e.g. 'Loading partners...'). */
export function LoadingLine({ text }: { text: string }) {
  return (
    <Group gap="xs">
      <Loader size="sm" />
      <Text>{text}</Text>
    </Group>
  );
}

/** A list that could not be loaded: what failed, and a way to ask again. */
export function LoadFailed({ title, retry, onRetry }: { title: string; retry: string; onRetry(): void }) {
  return (
    <Alert color="red" title={title}>
      <Button mt="sm" size="xs" variant="default" onClick={onRetry}>
        {retry}
      </Button>
    </Alert>
  );
}
