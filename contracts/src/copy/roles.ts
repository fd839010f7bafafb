/** The names of workspace access levels (spec 000 §3). */
export const roles = {
  /** spec 000 §6. */
  limitedAccessBadge: 'Limited access',
  readTooltip:
    'You have limited access to this workspace. Ask an admin to upgrade your access if you wish to create or edit forms.',
  limitedTooltip:
    'You have limited access to this workspace. Ask an admin to upgrade your access if you wish to create or view all forms.',
} as const;
