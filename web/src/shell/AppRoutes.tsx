import { Navigate, Route, Routes } from 'react-router';
import { homeRoute, menuItemVisible } from '@headland/domain/menu';
import { resolveRole } from '@headland/domain/roles';
import { moduleRoutes } from '../modules/moduleRegistry.ts';
import { useAppSession } from './session/AppSessionContext.tsx';

/**
 * The module routes this session may open; every other path, a module without a screen yet, and a module
 * whose menu entry the user does not see (typing its address must not open what the menu hides) lead to
 * the dashboard (or, for a session that does not see it, the first menu entry it does see).
 */
export function AppRoutes() {
  const session = useAppSession();
  const menuInput = {
    permissions: session.permissions,
    features: session.brand.features,
    modules: session.brand.modules,
    role: resolveRole(session.selection.Role),
    partner: session.selection.AccessRestrictions.Partner,
  };
  const allowed = moduleRoutes.filter(
    ({ mainMenuItem }) => mainMenuItem === undefined || menuItemVisible(mainMenuItem, menuInput),
  );
  return (
    <Routes>
      {allowed.map(({ pattern, Page }) => (
        <Route key={pattern} path={pattern} element={<Page />} />
      ))}
      <Route path="*" element={<Navigate to={homeRoute(menuInput)} replace />} />
    </Routes>
  );
}
