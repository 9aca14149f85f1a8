export { createApp } from './app.ts';
export { type Config, ConfigError, loadConfig } from './config.ts';
export { type Db, type DbOrTx, openDatabase, type Tx } from './db/client.ts';
export { AppError } from './errors.ts';
export { registerRoute } from './http/register.ts';
export type {
  AppDeps,
  AppEnv,
  Authenticate,
  NasPrincipal,
  Principal,
  RouteModule,
  UserPrincipal,
} from './http/types.ts';
export { enqueueMail } from './mail/outbox.ts';
