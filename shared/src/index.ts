// Everything the server takes from shared, in one import. Browsers import the zod-free
// modules by path instead (`@signet/shared/api/api`, `…/session/session`, `….constants`).
export * from './api/api.ts';
export * from './api/client.ts';
export * from './api/error.schema.ts';
export * from './api/retry.ts';
export * from './api/route.ts';
export * from './api/routes.ts';
export * from './business/business.rules.ts';
export * from './business/business.schema.ts';
export * from './dashboard/dashboard.constants.ts';
export * from './dashboard/dashboard.rules.ts';
export * from './document/document.schema.ts';
export * from './i18n/lang.rules.ts';
export * from './roles/roles.rules.ts';
export * from './session/session.constants.ts';
export * from './signature-request/signature-request.rules.ts';
export * from './signature-request/signature-request.schema.ts';
export * from './system/system.schema.ts';
export * from './ui/ui.constants.ts';
export * from './user/user.rules.ts';
export * from './user/user.schema.ts';
export * from './validation/validation.issues.ts';
export * from './validation/validation.rules.ts';
export * from './validation/validation.schema.ts';
