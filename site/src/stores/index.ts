/** Shell state shared by islands (nanostores); actions are the exported functions. */
export * from './maintenance.ts';
export * from './modals.ts';
export * from './session.ts';
export * from './snackbars.ts';
