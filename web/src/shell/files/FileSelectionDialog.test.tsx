import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FileItem } from '@headland/domain/api/storageApi';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { ApiClient } from '../http/apiClient.ts';
import { FileSelectionDialog } from './FileSelectionDialog.tsx';

const item = (Path: string, IsFolder = false): FileItem => ({
  Name: Path.slice(Path.lastIndexOf('/') + 1),
  Path,
  IsFolder,
  Contents: null,
});

const store: Record<string, FileItem[]> = {
  '/': [item('/Boundaries', true), item('/notes.txt')],
  '/Boundaries': [
    item('/Boundaries/2026', true),
    item('/Boundaries/east.zip'),
    item('/Boundaries/west.kml'),
    item('/Boundaries/read me.txt'),
  ],
  '/Boundaries/2026': [],
};

function renderDialog(multiple: boolean) {
  const asked: string[] = [];
  const api = new ApiClient({
    fetch: async (input) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname + url.search);
      const entries = store[url.searchParams.get('path') ?? '/'] ?? [];
      return new Response(JSON.stringify(entries), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    },
  });
  const onSelect = vi.fn();
  renderWithProviders(
    <FileSelectionDialog
      connectionId={3}
      appName="OmniaConnect"
      accepts={(name) => /\.(zip|kml)$/.test(name)}
      multiple={multiple}
      onClose={() => {}}
      onSelect={onSelect}
    />,
    { api },
  );
  return { asked, onSelect };
}

describe('the file selection dialog', () => {
  it('browses folders one level at a time, with the path as breadcrumbs, and picks one readable file', async () => {
    const { asked, onSelect } = renderDialog(false);
    const dialog = await screen.findByRole('dialog', { name: 'Files in OmniaConnect' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Open folder Boundaries' }));
    const east = await within(dialog).findByRole('radio', { name: 'east.zip' });
    expect((within(dialog).getByRole('radio', { name: 'read me.txt' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(asked).toEqual([
      '/api/storage/folder/contents?connectionId=3&path=%2F&levels=1',
      '/api/storage/folder/contents?connectionId=3&path=%2FBoundaries&levels=1',
    ]);
    const path = within(dialog).getByRole('navigation', { name: 'Folder path' });
    expect(within(path).getByText('Boundaries').getAttribute('aria-current')).toBe('location');

    fireEvent.click(east);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'west.kml' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Select' }));
    expect(onSelect).toHaveBeenCalledWith([item('/Boundaries/west.kml')]);

    // Back to the root by the breadcrumb: its listing is still fresh, so it is not asked for again.
    fireEvent.click(within(path).getByRole('button', { name: 'All files' }));
    await within(dialog).findByRole('button', { name: 'Open folder Boundaries' });
    expect(asked).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(asked).toHaveLength(3));
  });

  it('searches the open folder and selects all readable files, several at a time', async () => {
    const { onSelect } = renderDialog(true);
    const dialog = await screen.findByRole('dialog', { name: 'Files in OmniaConnect' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Open folder Boundaries' }));
    await within(dialog).findByRole('checkbox', { name: 'east.zip' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Select' }));
    expect(onSelect).toHaveBeenLastCalledWith([item('/Boundaries/east.zip'), item('/Boundaries/west.kml')]);

    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search this folder' }), {
      target: { value: 'WEST' },
    });
    expect(within(dialog).queryByRole('checkbox', { name: 'east.zip' })).toBeNull();
    expect(within(dialog).getByRole('checkbox', { name: 'west.kml' })).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search this folder' }), {
      target: { value: 'nothing like it' },
    });
    expect(within(dialog).getByText('Nothing in this folder matches the search.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'All files' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Open folder Boundaries' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Open folder 2026' }));
    expect(await within(dialog).findByText('This folder is empty.')).toBeTruthy();
  });
});
