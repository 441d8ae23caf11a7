import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { helpLinksForPath } from '@headland/domain/helpLinks';
import { Role } from '@headland/domain/roles';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { HelpDialog } from './HelpDialog.tsx';

const videos = { mapLayers: 'Lm4yZ9bWc6s', editingBoundaries: 'Bx2nH5pKe8t' };

describe('the help dialog', () => {
  it("lists the module's items, plays a video in the dialog and links each manual for a new tab", () => {
    renderWithProviders(
      <HelpDialog opened links={helpLinksForPath('/datalayers', Role.Client, videos)} onClose={vi.fn()} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Help' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Map layersPlay video',
      'Editing field boundariesPlay video',
      'Map layers manualOpen the PDF',
    ]);
    expect(dialog.querySelector('iframe')).toBeNull();
    const manual = within(dialog).getByRole('link', { name: 'Open the PDF: Map layers manual' });
    expect(manual.getAttribute('href')).toBe('/help/map-layers.pdf');
    expect(manual.getAttribute('target')).toBe('_blank');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Play video: Editing field boundaries' }));
    const player = within(dialog).getByTitle('Editing field boundaries');
    expect(player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/Bx2nH5pKe8t?rel=0');
    expect(
      within(dialog)
        .getByRole('button', { name: 'Play video: Editing field boundaries' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('offers the Access role only the items meant for it', () => {
    renderWithProviders(
      <HelpDialog opened links={helpLinksForPath('/datalayers', Role.Access, videos)} onClose={vi.fn()} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Help' });
    expect(within(dialog).queryByText('Editing field boundaries')).toBeNull();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
  });
});
