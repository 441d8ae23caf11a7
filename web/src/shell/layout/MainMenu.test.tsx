import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { brands } from '@headland/domain/brands';
import { defaultHoldingPermissions, withHoldingPermission } from '@headland/domain/holdingPermissions';
import { derivePermissions, type Permissions } from '@headland/domain/permissions';
import { HoldingRole, Role } from '@headland/domain/roles';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { MainMenu } from './MainMenu.tsx';

const features = brands.main.features;
// Soil, Import and Export switched on, so the Data group can be seen forming and collapsing.
const modules = { ...brands.main.modules, soil: true, imports: true, exports: true };
const originalHeight = window.innerHeight;

function setWindowHeight(height: number) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
  window.dispatchEvent(new Event('resize'));
}

/** A Client who is a Member of a holding that has taken away map layers. */
function clientPermissions(): Permissions {
  const holdingPermissions = withHoldingPermission(defaultHoldingPermissions(Role.Client), 'main.mapLayers', {
    read: false,
    write: false,
  });
  return derivePermissions({
    role: Role.Client,
    holdingRole: HoldingRole.Member,
    holdingPermissions,
    holdingFeatures: { perHoldingPermissions: true },
    brandFeatures: features,
    readOnlySession: false,
    fixedHoldingList: false,
  });
}

function agronomistPermissions(): Permissions {
  return derivePermissions({
    role: Role.Agronomist,
    holdingRole: HoldingRole.Owner,
    holdingPermissions: null,
    holdingFeatures: {},
    brandFeatures: features,
    readOnlySession: false,
    fixedHoldingList: false,
  });
}

function renderMenu(permissions: Permissions, role: Role, path = '/dashboard') {
  return renderWithProviders(
    <MainMenu permissions={permissions} features={features} modules={modules} role={role} sessions={[]} />,
    { path },
  );
}

const linkNames = () => screen.queryAllByRole('link').map((link) => link.textContent);

describe('MainMenu', () => {
  afterEach(() => {
    setWindowHeight(originalHeight);
  });

  it('hides from a Client the entries its permissions do not allow', () => {
    setWindowHeight(1080);
    renderMenu(clientPermissions(), Role.Client);
    // Map layers, and with them Prescriptions, are taken away by the holding; Import needs write on the holding,
    // which a Client lacks.
    expect(linkNames()).toEqual(['Dashboard', 'Fields', 'Soil', 'Export']);
  });

  it('shows the same entries to an agronomist who owns the holding, except modules switched off', () => {
    setWindowHeight(1080);
    renderMenu(agronomistPermissions(), Role.Agronomist);
    expect(linkNames()).toEqual([
      'Dashboard',
      'Fields',
      'Map layers',
      'Soil',
      'Prescriptions',
      'Import',
      'Export',
    ]);
  });

  it('marks the entry of the current route as active, also below it', () => {
    setWindowHeight(1080);
    renderMenu(agronomistPermissions(), Role.Agronomist, '/fields/edit/12');
    expect(screen.getByRole('link', { name: 'Fields' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('groups entries below 950 px window height and lists them flat above', async () => {
    setWindowHeight(949);
    renderMenu(agronomistPermissions(), Role.Agronomist);
    const group = screen.getByRole('button', { name: 'Data' });
    expect(linkNames()).toEqual(['Dashboard', 'Fields', 'Map layers', 'Soil', 'Prescriptions']);
    fireEvent.click(group);
    expect(linkNames()).toEqual([
      'Dashboard',
      'Fields',
      'Map layers',
      'Soil',
      'Prescriptions',
      'Import',
      'Export',
    ]);

    await act(async () => setWindowHeight(950));
    expect(screen.queryByRole('button', { name: 'Data' })).toBeNull();
    expect(linkNames()).toEqual([
      'Dashboard',
      'Fields',
      'Map layers',
      'Soil',
      'Prescriptions',
      'Import',
      'Export',
    ]);
  });
});
