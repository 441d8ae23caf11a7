/** Query keys of the dashboard; every one starts with the holding, so that another holding's answers are never reused. */
export const dashboardQueryKeys = {
  all: (holdingId: number) => ['dashboard', holdingId] as const,
  activity: (holdingId: number) => ['dashboard', holdingId, 'activity'] as const,
};
