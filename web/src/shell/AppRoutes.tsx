import { Navigate, Route, Routes } from 'react-router';
import { defaultRoute, menuItemVisible } from '@headland/domain/menu';
import { resolveRole } from '@headland/domain/roles';
import { moduleRoutes } from '../modules/moduleRegistry.ts';
import { useAppSession } from './session/AppSessionContext.tsx';

/**
 * The module routes this session may open; every other path, a module without a screen yet, and a module
 * whose menu entry the user does not see (typing its address must not open what the menu hides) lead to
 * the dashboard.
 */
export function AppRoutes() {
  const session = useAppSession();
  const menuInput = {
    permissions: session.permissions,
    features: session.brand.features,
    modules: session.brand.modules,
    role: resolveRole(session.selection.Role),
  };
  const allowed = moduleRoutes.filter(
    ({ mainMenuItem }) => mainMenuItem === undefined || menuItemVisible(mainMenuItem, menuInput),
  );
  return (
    <Routes>
      {allowed.map(({ pattern, Page }) => (
        <Route key={pattern} path={pattern} element={<Page />} />
      ))}
      <Route path="*" element={<Navigate to={defaultRoute} replace />} />
    </Routes>
  );
}
