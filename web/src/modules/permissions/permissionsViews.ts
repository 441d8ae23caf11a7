/** The tabs of the users and permissions dialog, as named by the `view` search parameter. */
export const permissionsViews = ['users', 'permissions', 'cropping', 'invitations'] as const;
export type PermissionsView = (typeof permissionsViews)[number];

/** Owners see every tab; everyone else Users and Permissions (holdings spec §2.2). */
export function viewsFor(owner: boolean): readonly PermissionsView[] {
  return owner ? permissionsViews : ['users', 'permissions'];
}

/**
 * The starting tab: the one `requested` names when the viewer has it, else Users for owners and Permissions
 * for everyone else.
 */
export function startingView(requested: string | null | undefined, owner: boolean): PermissionsView {
  const offered = viewsFor(owner);
  const match = offered.find((view) => view === requested?.trim().toLowerCase());
  return match ?? (owner ? 'users' : 'permissions');
}
