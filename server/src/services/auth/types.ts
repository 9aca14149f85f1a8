import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';

/** What the account services need from the app. */
export type AccountDeps = { db: Db; config: Pick<Config, 'publicUrl'> };

/** Facts about the request kept with a session and used for rate limits. */
export type RequestMeta = { ip: string | null; userAgent: string | null };
