import type { ReactNode } from 'react';
import { Paper, Stack, Text } from '@mantine/core';

export interface MapToolPanelProps {
  /** Heading and accessible name of the panel. */
  title: string;
  width: number;
  children: ReactNode;
}

/** The floating panel of a map tool (boundary editing, margin): a titled dialog over the map. */
export function MapToolPanel({ title, width, children }: MapToolPanelProps) {
  return (
    <Paper shadow="md" p="sm" withBorder w={width} role="dialog" aria-label={title}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {title}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
